import { useEffect, useState } from 'preact/hooks';
import { useSession } from '../auth/session.js';
import { BarChart, LineChart } from './charts.js';
import { runPanelRequest, type PanelAnswer } from './insights-api.js';
import {
  aggregateValue,
  formatMetric,
  groupPoints,
  panelRequest,
  panelTitle,
  renderTemplate,
  timeSeriesPoints,
  type Panel,
} from './panel-model.js';
import { t } from '../i18n/t.js';

type Json = Record<string, unknown>;

const optionText = (options: Json, key: string) => (typeof options[key] === 'string' ? (options[key] as string) : '');
const valueHeader = (options: Json, fieldKey: string) => {
  const fn = optionText(options, 'function') || 'count';
  const field = optionText(options, fieldKey);
  return field ? `${fn} of ${field}` : fn;
};

/**
 * One panel's content, read through the public API as the viewer (again whenever `refresh` grows): a number, a
 * list, a chart or a text; "No access" when the viewer may not read what it shows.
 */
export function PanelContent({ panel, refresh }: { panel: Panel; refresh: number }) {
  const { client } = useSession();
  const options = panel.options ?? {};
  const request = panelRequest(panel.type, panel.options);
  const key = JSON.stringify(request);
  const [answer, setAnswer] = useState<PanelAnswer | null>(null);
  useEffect(() => {
    if (request.kind === 'none') return;
    let live = true;
    runPanelRequest(client, request).then((result) => live && setAnswer(result));
    return () => {
      live = false;
    };
  }, [client, key, refresh]);

  if (panel.type === 'label') return <p class="panel-label">{optionText(options, 'text')}</p>;
  if (request.kind === 'none') return <p class="panel-empty">{request.reason}</p>;
  if (answer === null) return <p class="panel-empty">{t('Loading…')}</p>;
  if (answer.kind === 'no-access')
    return (
      <p class="panel-no-access" role="note">
        {t('No access: you may not read {collection}.', { collection: request.collection })}
      </p>
    );
  if (answer.kind === 'failed')
    return (
      <p class="error" role="alert">
        {answer.message}
      </p>
    );
  const rows = answer.rows;
  if (request.kind === 'items') {
    const template = optionText(options, 'displayTemplate');
    if (rows.length === 0) return <p class="panel-empty">{t('No items.')}</p>;
    return (
      <ul class="panel-list">
        {rows.map((row, i) => (
          <li key={i}>{renderTemplate(template, row)}</li>
        ))}
      </ul>
    );
  }
  if (panel.type === 'metric') {
    return <p class="panel-metric">{formatMetric(aggregateValue(rows[0], request.aggregate), options)}</p>;
  }
  const title = panelTitle(panel);
  if (panel.type === 'time-series') {
    const points = timeSeriesPoints(rows, request);
    return (
      <LineChart
        points={points}
        area
        kind={t('{title}, time series', { title })}
        labelHeader={optionText(options, 'dateField')}
        valueHeader={valueHeader(options, 'valueField')}
      />
    );
  }
  const limit = typeof options.limit === 'number' ? options.limit : 20;
  const labelHeader = optionText(options, 'groupField');
  if (panel.type === 'line-chart') {
    return (
      <LineChart
        points={groupPoints(rows, request, 'group', limit)}
        kind={t('{title}, line chart', { title })}
        labelHeader={labelHeader}
        valueHeader={valueHeader(options, 'valueField')}
      />
    );
  }
  return (
    <BarChart
      points={groupPoints(rows, request, 'value', limit)}
      kind={t('{title}, bar chart', { title })}
      labelHeader={labelHeader}
      valueHeader={valueHeader(options, 'valueField')}
    />
  );
}
