import { CopyLink } from './CopyLink';
import { ScenarioPicker } from './ScenarioPicker';

export function Header() {
  return (
    <header className="app-header">
      <div className="brand">
        <svg viewBox="0 0 28 28" width="26" height="26" aria-hidden="true" className="brand-mark">
          <rect x="1" y="1" width="26" height="26" rx="7" fill="var(--accent)" />
          <path d="M6 17h6M14 11h8" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
          <path d="M19 8l3 3-3 3M9 14l-3 3 3 3" stroke="#fff" strokeWidth="1.8" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h1>Ackscope</h1>
        <span className="tagline">TCP, packet by packet</span>
      </div>
      <div className="header-actions">
        <CopyLink />
        <ScenarioPicker />
      </div>
    </header>
  );
}
