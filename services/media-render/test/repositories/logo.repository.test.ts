// The logo the exports show: only real PNG/JPEG bytes, never from a private address.
import { createServer, type Server } from 'node:http';
import { Resvg } from '@resvg/resvg-js';
import { fetchLogo, imageInfo } from '../../src/repositories/logo.repository.js';

const PNG = Buffer.from(new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#0a6"/></svg>').render().asPng());
let server: Server;
let origin = '';
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    if (req.url === '/logo.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(PNG);
    }
    if (req.url === '/fake.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end('<html>not an image</html>');
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html></html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => server.close());

it('should read the size of PNG and JPEG images and refuse anything else', () => {
  expect(imageInfo(PNG)).toEqual({ mime: 'image/png', width: 120, height: 40 });
  const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0001108002a00960301220002110103110100', 'hex');
  expect(imageInfo(jpeg)).toEqual({ mime: 'image/jpeg', width: 150, height: 42 });
  expect(imageInfo(Buffer.from('GIF89a'))).toBeNull();
});

it('should fetch a real logo from an allowed origin', async () => {
  const { logo, problem } = await fetchLogo(`${origin}/logo.png`, { allowOrigins: [origin] });
  expect(problem).toBe('');
  expect(logo).toMatchObject({ mime: 'image/png', width: 120, height: 40 });
});

it('should leave out a logo that is not an image, a page, or at a private address (without a request)', async () => {
  expect((await fetchLogo(`${origin}/fake.png`, { allowOrigins: [origin] })).problem).toMatch(/not a PNG or JPEG/);
  expect((await fetchLogo(`${origin}/page`, { allowOrigins: [origin] })).logo).toBeNull();
  const before = hits;
  const privateOne = await fetchLogo(`${origin}/logo.png`, { allowOrigins: [] });
  expect(privateOne.logo).toBeNull();
  expect(privateOne.problem).toMatch(/not allowed/);
  expect((await fetchLogo('http://169.254.169.254/logo.png', { allowOrigins: [] })).problem).toMatch(/not allowed/);
  expect(hits).toBe(before);
});
