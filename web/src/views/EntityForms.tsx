import { useTranslation } from 'react-i18next';
import { useId, useState, type ReactNode } from 'react';
import { cellOverride, flowForms, linkForms, MAIN_FLOW_FIELDS, type EntityForm, type FieldRow } from '../state/entityForms';
import { FieldInput } from './controls/FieldInput';
import { useEditTarget } from './useKnobs';
import { useApp, useServices } from './services';

const DIR_LABEL = { both: '', forward: '\u2192', reverse: '\u2190' } as const;

/** Every link's and flow's settings, from the schema: rate, delay, BER, queue; TCP variant, windows, ACKs... */
export function EntityForms() {
  const app = useApp();
  const target = useEditTarget();
  const base = app.entry?.scenario ?? null;
  const effective = target.resolution?.scenario ?? null;
  const scenario = effective ?? base;
  const { t } = useTranslation('controls');
  return (
    <>
      <OpenedDetails className="entity-section" testId="link-forms" summary={t('entity.links', { count: scenario?.links.length ?? 0 })}>
        {() => linkForms(base, effective, target.sets, target.resolution).map((form) => <FormCard key={form.id} kind="link" form={form} rows={form.rows} />)}
      </OpenedDetails>
      <OpenedDetails className="entity-section" testId="flow-forms" summary={t('entity.flows', { count: scenario?.flows.length ?? 0 })}>
        {() =>
          flowForms(base, effective, target.sets, target.resolution).map((form) => {
            const main = MAIN_FLOW_FIELDS.flatMap((k) => form.rows.filter((r) => r.field.key === k));
            const rest = form.rows.filter((r) => !MAIN_FLOW_FIELDS.includes(r.field.key));
            return (
              <FormCard key={form.id} kind="flow" form={form} rows={main}>
                <OpenedDetails className="entity-more" summary={t('entity.more', { id: form.id })}>
                  {() => <Rows prefix={`flows.${form.id}`} rows={rest} />}
                </OpenedDetails>
              </FormCard>
            );
          })
        }
      </OpenedDetails>
    </>
  );
}

/**
 * A closed section's forms are built and rendered once it is first opened: until
 * then neither a cold load nor a mechanism switch pays for its dozens of fields.
 */
function OpenedDetails({ className, testId, summary, children }: { className: string; testId?: string; summary: string; children: () => ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className={className} data-testid={testId} onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>{summary}</summary>
      {opened && children()}
    </details>
  );
}

function FormCard({ kind, form, rows, children }: { kind: 'link' | 'flow'; form: EntityForm; rows: FieldRow[]; children?: ReactNode }) {
  const { t } = useTranslation('controls');
  return (
    <section className="entity-card" aria-label={kind === 'link' ? t('entity.link', { id: form.id }) : t('entity.flow', { id: form.id })} data-entity={`${kind}s.${form.id}`}>
      <h4>
        {form.id} <span className="muted">{form.title}</span>
      </h4>
      <Rows prefix={`${kind}s.${form.id}`} rows={rows} />
      {children}
    </section>
  );
}

function Rows({ prefix, rows }: { prefix: string; rows: FieldRow[] }) {
  return (
    <div className="entity-rows">
      {rows.map((row) => (
        <Row key={row.field.key} prefix={prefix} row={row} />
      ))}
    </div>
  );
}

function Row({ prefix, row }: { prefix: string; row: FieldRow }) {
  const { controller } = useServices();
  const { t } = useTranslation('controls');
  const id = useId();
  const { field } = row;
  const helpId = `${id}-help`;
  return (
    <div className="entity-row">
      <span className="entity-label" id={`${id}-label`} title={field.description ?? undefined}>
        {field.label}
      </span>
      <div className={`entity-cells cells-${row.cells.length}`}>
        {row.cells.map((cell, i) => (
          <div key={cell.path} className="entity-cell">
            {cell.dir !== 'both' && (
              <span className="dir" aria-hidden="true">
                {DIR_LABEL[cell.dir]}
              </span>
            )}
            <FieldInput
              id={`${id}-${i}`}
              field={field}
              cell={cell}
              label={`${prefix.replace(/^(links|flows)\./, '')} ${field.label}${cell.dir === 'both' ? '' : ` ${t(`entity.${cell.dir}`)}`}`}
              describedBy={field.description ? helpId : undefined}
              onCommit={(text) => controller.setOverride(cell.path, cellOverride(cell, text), text.trim() || cell.base || undefined)}
            />
          </div>
        ))}
      </div>
      {field.description && (
        <span className="visually-hidden" id={helpId}>
          {field.description}
        </span>
      )}
    </div>
  );
}
