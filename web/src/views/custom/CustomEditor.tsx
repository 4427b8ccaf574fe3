import { useTranslation } from 'react-i18next';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { formatFieldError } from '../../engine/protocol';
import type { FieldError } from '../../generated/types';
import { draftFromScenario, errorsAt, freshId, scenarioFromDraft, type Draft, type DraftFlow, type DraftLink } from '../../state/customDraft';
import { blankScenario, encodeForUrl } from '../../state/customScenario';
import { MAIN_FLOW_FIELDS } from '../../state/entityForms';
import { channelFields, choicesOfDefinition, flowFields, type FieldDesc } from '../../state/schemaForm';
import { MAX_PARAM_LENGTH } from '../../state/url';
import { Switch } from '../controls/Switch';
import { useServices, useView } from '../services';

/** One schema field of the draft: typed text, a list of choices or a switch. */
function DraftField({ field, value, onChange, errors, owner }: { field: FieldDesc; value: string; onChange: (text: string) => void; errors: FieldError[]; owner: string }) {
  const id = useId();
  const { t } = useTranslation('custom');
  const invalid = errors.length > 0;
  const name = `${owner} ${field.label}`;
  // A default is what an empty field means; an example only shows the form of a value.
  const placeholder =
    field.default !== null && field.default !== undefined && typeof field.default !== 'object' ? String(field.default) : field.example ? t('example', { example: field.example }) : '';
  let control;
  if (field.kind === 'boolean') {
    const on = value === '' ? field.default === true : value === 'true';
    control = <Switch id={id} checked={on} onChange={(v) => onChange(String(v))} label={name} invalid={invalid} />;
  } else if (field.kind === 'choice') {
    control = (
      <select id={id} value={value} aria-label={name} aria-invalid={invalid || undefined} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder ? t('withDefault', { value: placeholder }) : t('default')}</option>
        {field.choices.map((c) => (
          <option key={c.value} value={c.value} title={c.description ?? undefined}>
            {c.value}
          </option>
        ))}
      </select>
    );
  } else {
    control = <input id={id} type="text" value={value} aria-label={name} placeholder={placeholder} spellCheck={false} aria-invalid={invalid || undefined} onChange={(e) => onChange(e.target.value)} />;
  }
  return (
    <div className="draft-field" title={field.description ?? undefined} data-field={`${owner}.${field.key}`}>
      <label htmlFor={id}>{field.label}</label>
      {control}
      {invalid && <span className="knob-error">{errors.map(formatFieldError).join('; ')}</span>}
    </div>
  );
}

function Endpoint({ end, value, nodes, onChange, owner, errors }: { end: 'a' | 'b' | 'from' | 'to'; value: string; nodes: string[]; onChange: (v: string) => void; owner: string; errors: FieldError[] }) {
  const id = useId();
  const { t } = useTranslation('custom');
  const label = t(`endpoint.${end}`);
  const known = nodes.includes(value);
  return (
    <div className="draft-field" data-field={`${owner}.${end}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} aria-label={`${owner} ${label}`} aria-invalid={errors.length > 0 || undefined} onChange={(e) => onChange(e.target.value)}>
        {!known && <option value={value}>{value || t('chooseNode')}</option>}
        {nodes.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      {errors.length > 0 && <span className="knob-error">{errors.map(formatFieldError).join('; ')}</span>}
    </div>
  );
}

function IdField({ value, onChange, owner, what }: { value: string; onChange: (v: string) => void; owner: string; what: 'node' | 'link' | 'flow' }) {
  const id = useId();
  const { t } = useTranslation('custom');
  return (
    <div className="draft-field draft-id">
      <label htmlFor={id}>{t('idLabel', { what: t(`what.${what}`) })}</label>
      <input id={id} type="text" value={value} spellCheck={false} aria-label={t('owner.id', { owner })} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/**
 * The custom scenario, built from forms: nodes, links with each field of the
 * schema, flows with their TCP settings. Run checks it with the engine and
 * puts it in the URL when it fits; what was typed is kept either way.
 */
export function CustomEditor() {
  const { view, drafts, controller } = useServices();
  const { editor } = useView();
  const draft = useSyncExternalStore(drafts.subscribe, drafts.getSnapshot);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [size, setSize] = useState<number | null>(null);
  const titleId = useId();
  const { t } = useTranslation('custom');

  useEffect(() => {
    const d = dialogRef.current;
    if (!d) return;
    if (editor && !d.open) d.showModal();
    if (!editor && d.open) d.close();
  }, [editor]);

  // How much of the link it takes, as the user types.
  useEffect(() => {
    if (!draft) return;
    let stale = false;
    const timer = setTimeout(() => {
      void encodeForUrl(scenarioFromDraft(draft)).then((r) => {
        if (!stale) setSize(r.ok ? r.cs.length : r.length);
      });
    }, 200);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [draft]);

  const update = (fn: (d: Draft) => Draft) => drafts.update(fn);
  const close = () => view.set({ editor: false });
  const run = async () => {
    const d = drafts.getSnapshot();
    if (!d) return;
    setBusy(true);
    const r = await controller.runCustom(scenarioFromDraft(d));
    setBusy(false);
    if (r.ok) {
      setErrors([]);
      setMessage(null);
      close();
    } else {
      setErrors(r.errors);
      setMessage(r.message);
    }
  };

  const nodeIds = draft?.nodes.map((n) => n.id) ?? [];
  const kinds = choicesOfDefinition('NodeKind');
  const cf = channelFields();
  const ff = flowFields();
  const mainFlow = MAIN_FLOW_FIELDS.flatMap((k) => ff.filter((f) => f.key === k));
  const restFlow = ff.filter((f) => !MAIN_FLOW_FIELDS.includes(f.key));

  const renameNode = (i: number, id: string) =>
    update((d) => {
      const old = d.nodes[i]?.id;
      const swap = (v: string) => (v === old ? id : v);
      return {
        ...d,
        nodes: d.nodes.map((n, k) => (k === i ? { ...n, id } : n)),
        links: d.links.map((l) => ({ ...l, a: swap(l.a), b: swap(l.b) })),
        flows: d.flows.map((f) => ({ ...f, from: swap(f.from), to: swap(f.to) })),
      };
    });
  const setLink = (i: number, patch: Partial<DraftLink>) => update((d) => ({ ...d, links: d.links.map((l, k) => (k === i ? { ...l, ...patch } : l)) }));
  const setFlow = (i: number, patch: Partial<DraftFlow>) => update((d) => ({ ...d, flows: d.flows.map((f, k) => (k === i ? { ...f, ...patch } : f)) }));

  return (
    <dialog ref={dialogRef} className="custom-editor" aria-labelledby={titleId} onClose={close} data-testid="custom-editor">
      {draft && (
        <form
          method="dialog"
          onSubmit={(e) => {
            e.preventDefault();
            void run();
          }}
        >
          <header className="editor-header">
            <h2 id={titleId}>{t('title')}</h2>
            <button type="button" className="icon-button" aria-label={t('close')} onClick={close}>
              <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </button>
          </header>
          <div className="editor-body">
            {(message || errors.length > 0) && (
              <div className="editor-errors" role="alert" data-testid="custom-errors">
                {message && <p>{message}</p>}
                {errors.length > 0 && (
                  <ul>
                    {errors.map((e, i) => (
                      <li key={i}>{formatFieldError(e)}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            <section className="editor-section" aria-label={t('general')}>
              <div className="editor-grid">
                <div className="draft-field draft-wide">
                  <label htmlFor={`${titleId}-title`}>{t('scenarioTitle')}</label>
                  <input id={`${titleId}-title`} type="text" value={draft.title} onChange={(e) => update((d) => ({ ...d, title: e.target.value }))} />
                </div>
                <div className="draft-field">
                  <label htmlFor={`${titleId}-duration`}>{t('duration')}</label>
                  <input id={`${titleId}-duration`} type="text" value={draft.duration} placeholder="20s" onChange={(e) => update((d) => ({ ...d, duration: e.target.value }))} />
                  {errorsAt(errors, 'duration').length > 0 && <span className="knob-error">{errorsAt(errors, 'duration').map(formatFieldError).join('; ')}</span>}
                </div>
                <div className="draft-field">
                  <label htmlFor={`${titleId}-seed`}>{t('seed')}</label>
                  <input id={`${titleId}-seed`} type="text" inputMode="numeric" value={draft.seed} placeholder="1" onChange={(e) => update((d) => ({ ...d, seed: e.target.value }))} />
                </div>
                <div className="draft-field draft-wide">
                  <label htmlFor={`${titleId}-description`}>{t('description')}</label>
                  <textarea id={`${titleId}-description`} rows={2} value={draft.description} onChange={(e) => update((d) => ({ ...d, description: e.target.value }))} />
                </div>
              </div>
            </section>

            <section className="editor-section" aria-label={t('nodes')}>
              <h3>{t('nodes')}</h3>
              {draft.nodes.map((n, i) => (
                <div key={i} className="editor-row" data-entity={`nodes.${n.id}`}>
                  <IdField what="node" owner={t('owner.node', { id: i + 1 })} value={n.id} onChange={(v) => renameNode(i, v)} />
                  <div className="draft-field">
                    <label htmlFor={`${titleId}-kind-${i}`}>{t('kind')}</label>
                    <select id={`${titleId}-kind-${i}`} value={n.kind} onChange={(e) => update((d) => ({ ...d, nodes: d.nodes.map((x, k) => (k === i ? { ...x, kind: e.target.value } : x)) }))}>
                      {kinds.map((k) => (
                        <option key={k.value} value={k.value}>
                          {k.value.replace(/_/g, ' ')}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="draft-field">
                    <label htmlFor={`${titleId}-label-${i}`}>{t('label')}</label>
                    <input id={`${titleId}-label-${i}`} type="text" value={n.label} placeholder={n.id} onChange={(e) => update((d) => ({ ...d, nodes: d.nodes.map((x, k) => (k === i ? { ...x, label: e.target.value } : x)) }))} />
                  </div>
                  <button type="button" className="icon-button" aria-label={t('remove.node', { id: n.id })} onClick={() => update((d) => ({ ...d, nodes: d.nodes.filter((_, k) => k !== i) }))}>
                    ×
                  </button>
                  {errorsAt(errors, `nodes.${n.id}`).length > 0 && <span className="knob-error">{errorsAt(errors, `nodes.${n.id}`).map(formatFieldError).join('; ')}</span>}
                </div>
              ))}
              <button type="button" className="button button-small" onClick={() => update((d) => ({ ...d, nodes: [...d.nodes, { id: freshId('node', d.nodes.map((x) => x.id)), kind: 'router', label: '' }] }))}>
                {t('add.node')}
              </button>
            </section>

            <section className="editor-section" aria-label={t('links')}>
              <h3>{t('links')}</h3>
              {draft.links.map((l, i) => {
                const owner = `links.${l.id}`;
                return (
                  <div key={i} className="editor-card" data-entity={owner}>
                    <div className="editor-card-head">
                      <IdField what="link" owner={t('owner.link', { id: i + 1 })} value={l.id} onChange={(v) => setLink(i, { id: v })} />
                      <Endpoint end="a" owner={t('owner.link', { id: l.id })} value={l.a} nodes={nodeIds} onChange={(v) => setLink(i, { a: v })} errors={errorsAt(errors, owner, 'a')} />
                      <Endpoint end="b" owner={t('owner.link', { id: l.id })} value={l.b} nodes={nodeIds} onChange={(v) => setLink(i, { b: v })} errors={errorsAt(errors, owner, 'b')} />
                      <button type="button" className="icon-button" aria-label={t('remove.link', { id: l.id })} onClick={() => update((d) => ({ ...d, links: d.links.filter((_, k) => k !== i) }))}>
                        ×
                      </button>
                    </div>
                    <div className="editor-grid">
                      {cf.map((f) => (
                        <DraftField key={f.key} field={f} owner={t('owner.link', { id: l.id })} value={l.fields[f.key] ?? ''} errors={errorsAt(errors, owner, f.key)} onChange={(v) => setLink(i, { fields: { ...l.fields, [f.key]: v } })} />
                      ))}
                    </div>
                    <details className="entity-more" open={Object.keys(l.forward).length + Object.keys(l.reverse).length > 0}>
                      <summary>{t('directions')}</summary>
                      {(['forward', 'reverse'] as const).map((dir) => (
                        <div key={dir} className="direction-fields">
                          <h4>
                            {dir === 'forward' ? `${l.a || t('endpoint.a')} \u2192 ${l.b || t('endpoint.b')}` : `${l.b || t('endpoint.b')} \u2192 ${l.a || t('endpoint.a')}`} <span className="muted">{t('asLink')}</span>
                          </h4>
                          <div className="editor-grid">
                            {cf.map((f) => (
                              <DraftField
                                key={f.key}
                                field={{ ...f, default: null, example: null }}
                                owner={t('owner.linkDir', { id: l.id, dir: t(`controls:entity.${dir}`) })}
                                value={l[dir][f.key] ?? ''}
                                errors={errorsAt(errors, `${owner}.${dir}`, f.key)}
                                onChange={(v) => setLink(i, { [dir]: { ...l[dir], [f.key]: v } })}
                              />
                            ))}
                          </div>
                        </div>
                      ))}
                    </details>
                    {errorsAt(errors, owner).length > 0 && <span className="knob-error">{errorsAt(errors, owner).map(formatFieldError).join('; ')}</span>}
                  </div>
                );
              })}
              <button
                type="button"
                className="button button-small"
                onClick={() => update((d) => ({ ...d, links: [...d.links, { id: freshId('link', d.links.map((x) => x.id)), a: d.nodes[0]?.id ?? '', b: d.nodes[1]?.id ?? '', fields: { rate: '1Mbps', delay: '10ms' }, forward: {}, reverse: {} }] }))}
              >
                {t('add.link')}
              </button>
            </section>

            <section className="editor-section" aria-label={t('flows')}>
              <h3>{t('flows')}</h3>
              {draft.flows.map((f, i) => {
                const owner = `flows.${f.id}`;
                return (
                  <div key={i} className="editor-card" data-entity={owner}>
                    <div className="editor-card-head">
                      <IdField what="flow" owner={t('owner.flow', { id: i + 1 })} value={f.id} onChange={(v) => setFlow(i, { id: v })} />
                      <Endpoint end="from" owner={t('owner.flow', { id: f.id })} value={f.from} nodes={nodeIds} onChange={(v) => setFlow(i, { from: v })} errors={errorsAt(errors, owner, 'from')} />
                      <Endpoint end="to" owner={t('owner.flow', { id: f.id })} value={f.to} nodes={nodeIds} onChange={(v) => setFlow(i, { to: v })} errors={errorsAt(errors, owner, 'to')} />
                      <button type="button" className="icon-button" aria-label={t('remove.flow', { id: f.id })} onClick={() => update((d) => ({ ...d, flows: d.flows.filter((_, k) => k !== i) }))}>
                        ×
                      </button>
                    </div>
                    <div className="editor-grid">
                      {mainFlow.map((fd) => (
                        <DraftField key={fd.key} field={fd} owner={t('owner.flow', { id: f.id })} value={f.fields[fd.key] ?? ''} errors={errorsAt(errors, owner, fd.key)} onChange={(v) => setFlow(i, { fields: { ...f.fields, [fd.key]: v } })} />
                      ))}
                    </div>
                    <details className="entity-more">
                      <summary>{t('more', { id: f.id })}</summary>
                      <div className="editor-grid">
                        {restFlow.map((fd) => (
                          <DraftField key={fd.key} field={fd} owner={t('owner.flow', { id: f.id })} value={f.fields[fd.key] ?? ''} errors={errorsAt(errors, owner, fd.key)} onChange={(v) => setFlow(i, { fields: { ...f.fields, [fd.key]: v } })} />
                        ))}
                      </div>
                    </details>
                  </div>
                );
              })}
              <button
                type="button"
                className="button button-small"
                onClick={() => update((d) => ({ ...d, flows: [...d.flows, { id: freshId('flow', d.flows.map((x) => x.id)), from: d.nodes[0]?.id ?? '', to: d.nodes.at(-1)?.id ?? '', fields: {} }] }))}
              >
                {t('add.flow')}
              </button>
            </section>
          </div>
          <footer className="editor-footer">
            <span className={`link-size ${size !== null && size > MAX_PARAM_LENGTH ? 'too-large' : ''}`} data-testid="custom-size">
              {size === null ? '' : t('size', { size, max: MAX_PARAM_LENGTH })}
            </span>
            <button
              type="button"
              className="button button-quiet"
              onClick={() => {
                drafts.set(draftFromScenario(blankScenario()));
                setErrors([]);
                setMessage(null);
              }}
            >
              {t('startOver')}
            </button>
            <button type="button" className="button" onClick={close}>
              {t('common:close')}
            </button>
            <button type="submit" className="button button-primary" disabled={busy} data-testid="custom-run">
              {busy ? t('checking') : t('run')}
            </button>
          </footer>
        </form>
      )}
    </dialog>
  );
}
