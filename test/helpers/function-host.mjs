// Serves one built serverless function on 127.0.0.1 the way its platform calls it, so a test can
// reach it over HTTP: `node function-host.mjs netlify|vercel <module>` prints `Function on <url>`.
// Netlify calls a Functions 2.0 module's default export with a web Request and a context; Vercel
// calls the `fetch` of the default export of the module its `.vc-config.json` names. The request URL
// is the site's public one, as the platforms pass it; the body and headers are the client's.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

const [platform, file] = process.argv.slice(2);
const loaded = await import(pathToFileURL(file).href);
/** @type {(request: Request) => Promise<Response>} */
const call =
  platform === 'vercel'
    ? (request) => loaded.default.fetch(request)
    : (request) => loaded.default(request, { ip: '127.0.0.1', requestId: 'local', geo: {}, site: {} });

const server = createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const headers = Object.entries(req.headers).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, String(value)]],
  );
  const request = new Request(`https://shop.example${req.url}`, {
    method: req.method,
    headers,
    ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
  });
  try {
    const response = await call(request);
    res.writeHead(response.status, [...response.headers].flat());
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    process.stderr.write(`function-host: the function threw: ${error?.stack ?? error}\n`);
    res.writeHead(502).end();
  }
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`Function on http://127.0.0.1:${server.address().port}\n`);
});
process.once('SIGTERM', () => process.exit(0));
