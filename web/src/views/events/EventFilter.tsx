import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import { formatCount } from '../../format';
import { ALL_CATEGORIES, CATEGORY, categoryLabel, type Category } from '../../state/events';
import { useRun, useServices, useView } from '../services';

const ORDER: Category[] = ['data', 'ack', 'retransmission', 'drop', 'corrupt', 'ecn', 'middlebox', 'datagram', 'tcp'];

/** Category toggles and the flow filter of the event list. */
export function EventFilter({ shown }: { shown: number }) {
  const { view } = useServices();
  const { filter } = useView();
  const run = useRun();
  const flows = run.topology?.flows ?? [];
  const flowId = useId();
  const { t } = useTranslation('events');
  const toggle = (c: Category) => view.set({ filter: { ...filter, categories: filter.categories ^ CATEGORY[c] } });
  const only = (c: Category) => view.set({ filter: { ...filter, categories: CATEGORY[c] } });
  return (
    <div className="event-filter" role="group" aria-label={t('filter.group')}>
      <div className="chips">
        {ORDER.map((c) => {
          const on = (filter.categories & CATEGORY[c]) !== 0;
          return (
            <button
              key={c}
              type="button"
              className={`chip tone-${c}`}
              aria-pressed={on}
              title={t('filter.toggle', { category: categoryLabel(c).toLowerCase() })}
              onClick={() => toggle(c)}
              onDoubleClick={() => only(c)}
            >
              {categoryLabel(c)}
            </button>
          );
        })}
        <button
          type="button"
          className="button button-quiet"
          disabled={filter.categories === ALL_CATEGORIES}
          onClick={() => view.set({ filter: { ...filter, categories: ALL_CATEGORIES } })}
        >
          {t('filter.all')}
        </button>
      </div>
      <div className="event-filter-right">
        {flows.length > 1 && (
          <span className="flow-select">
            <label htmlFor={flowId}>{t('filter.flow')}</label>
            <select
              id={flowId}
              value={filter.flow === null ? '' : String(filter.flow)}
              onChange={(e) => view.set({ filter: { ...filter, flow: e.target.value === '' ? null : Number(e.target.value) } })}
            >
              <option value="">{t('filter.allFlows')}</option>
              {flows.map((f, i) => (
                <option key={f.id} value={String(i)}>
                  {f.id}
                </option>
              ))}
            </select>
          </span>
        )}
        <span className="muted event-count" data-testid="event-count">
          {t('filter.count', { count: shown, formatted: formatCount(shown) })}
        </span>
      </div>
    </div>
  );
}
