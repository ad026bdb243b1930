// The API reference page at /api/v1/docs: one self-contained HTML file whose script reads
// ./openapi.json and lists every operation with its access, parameters, bodies and errors. No
// external script or font, so it works offline and under a strict network policy.
export const apiDocsPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>authd API reference</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1f2328; background: #fff; }
  header { padding: 24px 32px; border-bottom: 1px solid #d0d7de; }
  main { display: grid; grid-template-columns: 240px 1fr; }
  nav { padding: 16px; border-right: 1px solid #d0d7de; position: sticky; top: 0; align-self: start; max-height: 100vh; overflow: auto; }
  nav a { display: block; color: #0969da; text-decoration: none; padding: 2px 0; }
  section { padding: 8px 32px; }
  details { border: 1px solid #d0d7de; border-radius: 6px; margin: 8px 0; }
  summary { cursor: pointer; padding: 8px 12px; font-family: ui-monospace, monospace; }
  .method { display: inline-block; width: 64px; font-weight: 700; }
  .get { color: #1a7f37; } .post { color: #0969da; } .patch { color: #9a6700; } .delete { color: #cf222e; }
  .body { padding: 0 16px 12px; }
  pre { background: #f6f8fa; padding: 8px; border-radius: 6px; overflow: auto; font-size: 13px; }
  .muted { color: #59636e; }
  input { font: inherit; padding: 6px 8px; width: 100%; box-sizing: border-box; margin-bottom: 8px; }
</style>
</head>
<body>
<header><h1 id="title">authd API reference</h1><p id="intro" class="muted">Loading openapi.json…</p></header>
<main><nav id="nav"><input id="filter" placeholder="Filter paths" aria-label="Filter paths"></nav><section id="ops"></section></main>
<script>
const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  for (const child of children) node.append(child);
  return node;
};
const pretty = (value) => el('pre', { textContent: JSON.stringify(value, null, 2) });
fetch('./openapi.json').then((r) => r.json()).then((doc) => {
  document.getElementById('title').textContent = doc.info.title + ' ' + doc.info.version;
  document.getElementById('intro').textContent = doc.info.description + ' Base URL: ' + doc.servers[0].url + '.';
  const byTag = new Map();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags[0];
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push({ path, method, op });
    }
  }
  const ops = document.getElementById('ops');
  const nav = document.getElementById('nav');
  for (const [tag, list] of byTag) {
    const id = 'tag-' + tag.replace(/\\W+/g, '-');
    nav.append(el('a', { href: '#' + id, textContent: tag }));
    ops.append(el('h2', { id, textContent: tag }));
    for (const { path, method, op } of list) {
      const body = el('div', { className: 'body' },
        el('p', { textContent: op.summary }), el('p', { className: 'muted', textContent: op.description }));
      if (op.parameters.length) body.append(el('h4', { textContent: 'Parameters' }), pretty(op.parameters.map((p) => ({ name: p.name, in: p.in, required: p.required, schema: p.schema }))));
      if (op.requestBody) body.append(el('h4', { textContent: 'Request body' }), pretty(op.requestBody.content));
      body.append(el('h4', { textContent: 'Responses' }));
      for (const [status, response] of Object.entries(op.responses)) {
        body.append(el('p', {}, el('strong', { textContent: status + ' ' }), response.description));
        const json = response.content && response.content['application/json'];
        if (json && status < 400) body.append(pretty(json.schema));
      }
      const row = el('details', {}, el('summary', {}, el('span', { className: 'method ' + method, textContent: method.toUpperCase() }), path), body);
      row.dataset.path = path;
      ops.append(row);
    }
  }
  document.getElementById('filter').addEventListener('input', (event) => {
    const text = event.target.value.toLowerCase();
    for (const row of ops.querySelectorAll('details')) row.hidden = !row.dataset.path.toLowerCase().includes(text);
  });
}, (error) => { document.getElementById('intro').textContent = 'Could not load openapi.json: ' + error; });
</script>
</body>
</html>
`;
