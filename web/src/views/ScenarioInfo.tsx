import { useApp } from './services';

export function ScenarioInfo() {
  const { entry } = useApp();
  const s = entry?.scenario;
  if (!s) return <p className="muted">Loading scenarios…</p>;
  return (
    <div className="scenario-info">
      <h3 className="scenario-title">{s.title}</h3>
      {s.paper && (
        <p className="scenario-paper">
          Seed paper {s.paper.seed} · {s.paper.reproduces}
        </p>
      )}
      {s.description && <p className="scenario-description">{s.description.replace(/\s*\n\s*/g, ' ')}</p>}
      <p className="scenario-meta">
        <code>{s.id}</code> · {s.duration} simulated
      </p>
    </div>
  );
}
