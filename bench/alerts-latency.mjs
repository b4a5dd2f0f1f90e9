// Data change → AlertTriggered latency over the BFF's REST calls, shared by bench/alerts.bench.mjs
// (embedded) and bench/alerts-distributed.bench.mjs (embedded and distributed in one run): an
// uploaded source, a bar chart on it with one immediate alert (sum(v) > 100), then N times an append
// that makes it true (timed from the upload call's start to the event's arrival at the caller's
// consumer) and a replace that makes it false again (waited for, not timed).

/** REST calls against a BFF at `url` with the token, in English. */
export function bffCalls(url, token) {
  const api = async (method, path, body) => {
    const res = await fetch(url + path, { method, headers: { 'content-type': 'application/json', authorization: token, currentLanguage: 'en' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await res.json();
    if (json?.status !== 'success') throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const upload = async (csv, action) => {
    const form = new FormData();
    form.append('file', new Blob([csv]), `bench-${action}.csv`);
    const res = await fetch(`${url}/api/excel_upload/upload/${action}`, { method: 'POST', body: form, headers: { authorization: token, currentLanguage: 'en' } });
    const json = await res.json();
    if (json?.status !== 'success') throw new Error(`upload: ${JSON.stringify(json)}`);
    return json.data;
  };
  return { api, upload };
}

/** Polls `check` every 50 ms until it answers something truthy. */
export async function waitUntil(check, what, ms = 600_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The source, chart and immediate alert; answers the chart id and `change(action, csv)` → data version. */
export async function immediateAlert({ api, upload }, name) {
  const cols = [
    { name: 'k', type: 'string', targetName: 'k' },
    { name: 'v', type: 'number', targetName: 'v' },
  ];
  const up = await upload('k,v\na,1\n', 'create');
  const folder = (await api('POST', '/api/data_source/proj', { name })).projectId;
  const table = `ba_${Date.now().toString(36).slice(-8)}`; // 3–20 characters
  const source = (await api('POST', '/api/excel_upload/import/create', { uploadId: up.uploadId, sheet: up.sheets[0].name, projectId: folder, tableName: table, columns: cols.map(({ name: n, type }) => ({ name: n, type })) })).dataSource;
  const project = (await api('POST', '/api/dashboard/project/dashboard', { name })).projectId;
  const dashboard = (await api('POST', '/api/dashboard/dashboard', { name, projectId: project })).dashboardId;
  const chartId = await api('POST', `/api/chart-edit/dashboard/${dashboard}`, { title: 'Bench immediate', dataSourceId: source.dataSourceId, type: 'bar' });
  const field = (n, dataType, aggregator) => ({ name: n, title: n, dataType, ...(aggregator ? { aggregator } : {}) });
  await api('PUT', '/api/chart-edit/dashboard', { chartId, title: 'Bench immediate', type: 'bar', dataSourceId: source.dataSourceId, points: [field('k', 'string')], values: [field('v', 'number', 'sum')] });
  await api('PUT', '/api/chart-edit/warn/dashboard', {
    chartId,
    warnConfigData: { warnItemsYList: [{ warnName: 'Big', isSwitch: true, logic: 0, warnTime: 0, warnConditions: [{ axisField: { axisName: 'v', aggregator: 'sum' }, compare: '>', compareValue: 100 }] }], warnItemsYOptionalList: [] },
  });
  const change = async (action, csv) => {
    const u = await upload(csv, action);
    return (await api('POST', `/api/excel_upload/import/${action}`, { uploadId: u.uploadId, sheet: u.sheets[0].name, dataSourceId: source.dataSourceId, columns: cols })).dataSource.dataVersion;
  };
  return { chartId, change };
}

/**
 * `firings` times: append (true) → the AlertTriggered of window data-{version} seen by the caller's
 * consumer (`arrivals`: window → Date.now() at arrival), then replace (false) → evaluated
 * (`evaluated(window)`). Answers the latencies in ms.
 */
export async function alertLatencies({ change }, { firings, arrivals, evaluated }) {
  const latencies = [];
  for (let i = 0; i < firings; i++) {
    const started = Date.now();
    const version = await change('append', 'k,v\na,500\n'); // committed when the call answers
    const arrived = await waitUntil(() => arrivals.get(`data-${version}`), `AlertTriggered of data-${version}`, 60_000);
    latencies.push(arrived - started);
    const falseVersion = await change('replace', 'k,v\na,1\n');
    await waitUntil(() => evaluated(`data-${falseVersion}`), 'the false evaluation', 60_000);
  }
  return latencies;
}

/** The warning service has evaluated some rule in this window (rule_state keeps the last one). */
export const evaluatedIn = (db) => async (window) => (await db.query('SELECT 1 FROM warning.rule_state WHERE last_window = $1', [window])).rows.length === 1;
