import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { parse as parseToml } from 'smol-toml';
import { LessonShell } from '../lessons/LessonShell';
import { PAPER_SEEDS } from '../lessons/route';
import { PaperTable } from './PaperTable';
import { bundledFiles, sweepFilesOf } from './sweeps';
import './paper.css';

/** Paper mode: each seed paper's reproduced tables, the paper's value, ns-2's and ours side by side. */
export function PaperView({ seed }: { seed: string | null }) {
  const { t, i18n } = useTranslation('paper');
  const lang = i18n.language;
  const files = useMemo(() => bundledFiles(), []);
  const known = seed !== null && (PAPER_SEEDS as readonly string[]).includes(seed);
  const current = known ? seed : '003';
  const sweeps = sweepFilesOf(current, files);
  return (
    <LessonShell wide>
      <div className="paper-page" data-testid="paper-page" data-seed={current}>
        <h1 className="paper-heading">{t('heading')}</h1>
        <p className="paper-intro">{t('intro')}</p>
        {seed !== null && !known && (
          <div className="notice notice-warning" role="status" data-testid="paper-notice">
            <div className="notice-body">
              <strong className="notice-title">{t('unknownSeed', { seed: seed.slice(0, 20) })}</strong>
              <p>{t('allowed', { allowed: PAPER_SEEDS.join(', ') })}</p>
            </div>
          </div>
        )}
        <nav className="paper-seeds" aria-label={t('seeds')}>
          {PAPER_SEEDS.map((s) => (
            <a key={s} href={`?view=paper&seed=${s}&lang=${lang}`} aria-current={s === current ? 'page' : undefined}>
              {t('seed', { seed: s })}
            </a>
          ))}
        </nav>
        <p className="paper-about">{t(`about.${current}`)}</p>
        {sweeps.map((file) => (
          <PaperTable key={file} file={file} files={files} />
        ))}
        <Setups seed={current} files={files} lang={lang} />
      </div>
    </LessonShell>
  );
}

/** The paper's setups (its scenario files), each a run to open in the simulator. */
function Setups({ seed, files, lang }: { seed: string; files: Record<string, string>; lang: string }) {
  const { t } = useTranslation('paper');
  const scenarios = Object.entries(files)
    .filter(([f]) => f.startsWith(`seed${seed}/`) && f.endsWith('.toml') && !f.endsWith('.sweep.toml'))
    .map(([f, text]) => {
      try {
        const doc = parseToml(text) as { id?: unknown; title?: unknown };
        return { file: f, id: String(doc.id ?? f), title: String(doc.title ?? f) };
      } catch {
        return null;
      }
    })
    .filter((x): x is { file: string; id: string; title: string } => x !== null);
  return (
    <section className="panel paper-table-panel" data-testid="paper-setups">
      <p>{t('setups')}</p>
      <ul>
        {scenarios.map((s) => (
          <li key={s.file}>
            <a href={`?s=${encodeURIComponent(s.id)}&lang=${lang}`}>{s.title}</a> <code>{s.file}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
