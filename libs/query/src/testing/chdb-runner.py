"""
ClickHouse's own engine in process (chdb, https://pypi.org/project/chdb/) for the ClickHouse dialect's
integration spec (libs/query/src/clickhouse.integration-spec.ts): one session, one JSON request per
line on stdin, one JSON answer per line on stdout.
  {"sql": "...", "params": {"p1": 1}}          -> {"meta": [...], "data": [[...]]}
  {"sql": "...", "rows": "<JSONEachRow text>"} -> {"ok": true} (INSERT … FORMAT JSONEachRow, the rows sent after it)
An error answers {"error": "<ClickHouse's text>"}.
"""
import json
import sys
import tempfile

from chdb import session

sess = session.Session(tempfile.mkdtemp(prefix='bi-chdb-'))
print(json.dumps({'ready': True}), flush=True)
for line in sys.stdin:
    if not line.strip():
        continue
    req = json.loads(line)
    try:
        if 'rows' in req:
            sess.query(req['sql'] + '\n' + req['rows'])
            out = {'ok': True}
        else:
            res = sess.query(req['sql'], 'JSONCompact', params=req.get('params') or {})
            text = res.data() if hasattr(res, 'data') else str(res)
            parsed = json.loads(text) if text.strip() else {'meta': [], 'data': []}
            out = {'meta': parsed.get('meta', []), 'data': parsed.get('data', [])}
    except Exception as e:  # the engine's text, for the test's failure message
        out = {'error': str(e)}
    print(json.dumps(out, ensure_ascii=False), flush=True)
