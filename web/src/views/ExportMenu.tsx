import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportKind } from '../engine/exportProtocol';
import { EXPORT_EXTENSION, startExport, type ExportedFile, type ExportJob } from '../engine/exporter';
import { formatBytes, formatCount } from '../format';
import { download, fileName } from '../plots/exportPlot';
import { Menu } from './controls/Menu';
import { useApp, useRun } from './services';

type Status =
  | { phase: 'idle' }
  | { phase: 'writing'; kind: ExportKind; file: string; fraction: number; bytes: number }
  | { phase: 'ready'; kind: ExportKind; file: string; result: ExportedFile }
  | { phase: 'failed'; message: string };

const KINDS: ExportKind[] = ['pcap', 'ns2'];

/**
 * Exports the current run as a pcap capture or an ns-2 trace: the worker runs
 * it again writing the file in chunks; its size shows before it is saved.
 */
export function ExportMenu() {
  const { t } = useTranslation('export');
  const app = useApp();
  const run = useRun();
  const [status, setStatus] = useState<Status>({ phase: 'idle' });
  const job = useRef<ExportJob | null>(null);
  const entry = app.entry;
  const resolution = app.resolution;
  const ready = run.status === 'done' && entry !== null && resolution?.ok === true;

  const stop = () => {
    job.current?.cancel();
    job.current = null;
  };
  // A new run (or leaving the page) makes an export of the old one stale.
  useEffect(() => {
    stop();
    setStatus({ phase: 'idle' });
  }, [run.runId]);
  useEffect(() => stop, []);

  const begin = (kind: ExportKind) => {
    if (!entry || !resolution) return;
    stop();
    const file = fileName([app.request.scenario, `seed-${app.request.seed ?? 0}`], EXPORT_EXTENSION[kind]);
    setStatus({ phase: 'writing', kind, file, fraction: 0, bytes: 0 });
    const started = startExport(
      { kind, text: entry.text, format: entry.format ?? 'toml', overrides: resolution.accepted },
      (fraction, bytes) => setStatus((s) => (s.phase === 'writing' && job.current === started ? { ...s, fraction, bytes } : s)),
    );
    job.current = started;
    started.result.then(
      (result) => {
        if (job.current === started) setStatus({ phase: 'ready', kind, file, result });
      },
      (e: unknown) => {
        if (job.current !== started) return;
        if (e instanceof DOMException && e.name === 'AbortError') setStatus({ phase: 'idle' });
        else setStatus({ phase: 'failed', message: e instanceof Error ? e.message : String(e) });
      },
    );
  };

  return (
    <div className="export-menu">
      {ready && (
        <Menu
          label={t('menu.label')}
          name={t('menu.name')}
          testId="export-run"
          items={KINDS.map((kind) => ({ label: t(`kind.${kind}`), name: t(`kind.${kind}`), run: () => begin(kind) }))}
        />
      )}
      {status.phase !== 'idle' && (
        <div className="export-status" role="status" aria-label={t('status')} data-testid="export-status" data-phase={status.phase}>
          {status.phase === 'writing' && (
            <>
              <span>{t('preparing', { file: status.file, percent: Math.floor(status.fraction * 100), size: formatBytes(status.bytes) })}</span>
              <button type="button" className="button button-small" onClick={() => { stop(); setStatus({ phase: 'idle' }); }}>
                {t('cancel')}
              </button>
            </>
          )}
          {status.phase === 'ready' && (
            <>
              <span data-testid="export-ready" data-bytes={status.result.bytes} data-items={status.result.items} data-digest={status.result.digest}>
                {t('ready', {
                  file: status.file,
                  size: formatBytes(status.result.bytes),
                  items: t(`unit.${status.kind}`, { count: status.result.items, n: formatCount(status.result.items) }),
                })}
              </span>
              <button
                type="button"
                className="button button-small"
                data-testid="export-download"
                onClick={() => download(status.result.blob, status.file)}
              >
                {t('download', { size: formatBytes(status.result.bytes) })}
              </button>
              <button type="button" className="button button-small" onClick={() => setStatus({ phase: 'idle' })}>
                {t('close')}
              </button>
            </>
          )}
          {status.phase === 'failed' && (
            <>
              <span className="bad">{t('failed', { message: status.message })}</span>
              <button type="button" className="button button-small" onClick={() => setStatus({ phase: 'idle' })}>
                {t('close')}
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
