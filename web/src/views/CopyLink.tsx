import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from './services';

/** Copies text, by the clipboard API where allowed, else by a selected text field. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/** "Copy link": the URL holds the whole view, so the link reopens it exactly. */
export function CopyLink() {
  const { controller } = useServices();
  const { t } = useTranslation('common');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const copy = async () => {
    controller.flushUrl();
    const ok = await copyText(window.location.href);
    setState(ok ? 'copied' : 'failed');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2500);
  };
  return (
    <div className="copy-link">
      <button type="button" className="button" onClick={() => void copy()} data-testid="copy-link" title={t('copy.title')}>
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M6.5 9.5l3-3M7 4.5l1.2-1.2a2.5 2.5 0 013.5 3.5L10.5 8M9 11.5l-1.2 1.2a2.5 2.5 0 01-3.5-3.5L5.5 8" stroke="currentColor" strokeWidth="1.5" fill="none" strokeLinecap="round" />
        </svg>
        {t('copy.button')}
      </button>
      <span className="copy-status" role="status" aria-live="polite">
        {state === 'copied' ? t('copy.copied') : state === 'failed' ? t('copy.failed') : ''}
      </span>
    </div>
  );
}
