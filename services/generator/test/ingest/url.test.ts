// URL ingestion against a local server (an allowed origin): the article comes out as sections,
// the site around it does not, encodings are honoured and refusals never reach the server.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { sourceText } from '../../src/domain/source.js';
import { GenerationError } from '../../src/domain/types.js';
import { NO_ARTICLE, decodeBody, fetchArticle, htmlToSource } from '../../src/ingest/url.js';

const ARTICLE_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Safe lifting at work | Acme Safety Blog</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="/static/site.css">
  <script>window.dataLayer = [{ page: 'article' }];</script>
</head>
<body>
  <div class="cookie-banner" id="cookie-consent">
    <p>We use cookies to give you the best experience on our website. By continuing you accept our cookie policy.</p>
    <button>Accept all cookies</button>
  </div>
  <header class="site-header">
    <a class="logo" href="/">Acme Safety</a>
    <nav>
      <ul><li><a href="/">Home</a></li><li><a href="/blog">Blog</a></li><li><a href="/shop">Shop</a></li><li><a href="/contact">Contact us</a></li></ul>
    </nav>
  </header>
  <div class="ad-banner top-ad"><a href="https://ads.example.net/click">Buy one get one free on hard hats!</a></div>
  <main>
    <article class="post">
      <header><h1>Safe lifting at work</h1><p class="byline">By Dana Reyes, 3 March 2024</p></header>
      <p>Manual handling causes more than a third of all workplace injuries. Most of them happen when
        people lift something they have not looked at properly, twist while carrying, or hurry.</p>
      <h2>Why lifting injuries happen</h2>
      <p>The lower back takes the load when you bend from the waist instead of the knees. Repeated
        strain adds up over weeks, so an injury can appear long after the lift that caused it.</p>
      <div class="ad-slot sponsored"><span>Advertisement</span><p>Try ErgoBelt Pro today and save 20 percent.</p></div>
      <p>Fatigue matters too: a load that is easy at nine in the morning is harder at five in the
        afternoon, when muscles are tired and attention drifts.</p>
      <h2>Plan the lift</h2>
      <p>Before you lift, stop for a moment and look at the load, the route and where it will go.</p>
      <ul>
        <li>Check the weight <em>before</em> you pick it up.</li>
        <li>Clear the route of cables, boxes and wet patches.</li>
        <li>Ask for help or use a trolley for anything awkward
          <ul><li>Two-person lifts need one person giving the count.</li></ul>
        </li>
      </ul>
      <h3>At the destination</h3>
      <p>Make sure there is space to put the load down without twisting or reaching over other items.</p>
      <h2>Recommended limits</h2>
      <p>These guideline weights apply to a lift close to the body, between knee and shoulder height.</p>
      <table>
        <thead><tr><th>Who</th><th>Guideline weight</th></tr></thead>
        <tbody>
          <tr><td>Men</td><td>25 kg</td></tr>
          <tr><td>Women</td><td>16 kg</td></tr>
        </tbody>
      </table>
      <div class="share-buttons"><a href="#">Share on Facebook</a> <a href="#">Share on X</a></div>
    </article>
  </main>
  <aside class="sidebar">
    <h3>Popular posts</h3>
    <ul><li><a href="/blog/ladders">Ladder safety basics</a></li><li><a href="/blog/ppe">Choosing PPE</a></li></ul>
    <div class="newsletter"><p>Subscribe to our newsletter for weekly safety tips.</p></div>
  </aside>
  <footer>
    <p>&copy; 2024 Acme Safety Ltd. All rights reserved.</p>
    <a href="/privacy">Privacy policy</a> <a href="/terms">Terms of use</a>
  </footer>
</body>
</html>`;

// Shorter than Readability's 500-character threshold, where it retries without its own filters.
const SHORT_PAGE = `<!doctype html><html><head><title>Ladder checks</title></head><body>
  <div id="gdpr-notice"><p>This site uses cookies to measure traffic and personalise adverts.</p><a href="#">Accept</a></div>
  <nav><a href="/">Home</a> <a href="/tips">All safety tips</a></nav>
  <div class="post-body">
    <p>Check both ladder feet for wear and make sure the rubber grips are present before every use.</p>
    <div class="ad-container"><p>Sponsored: Save big on aluminium ladders this week only.</p></div>
    <p>Lock the spreader bars on a stepladder and never stand on the top two rungs.</p>
  </div>
  <footer><p>Safety Tips Weekly, all rights reserved.</p></footer>
</body></html>`;

// Only site furniture: a menu, a logo and a footer.
const NAV_ONLY_PAGE = `<!doctype html><html><head><title>Acme</title></head><body>
  <header><nav><ul><li><a href="/">Home</a></li><li><a href="/about">About us</a></li><li><a href="/contact">Contact</a></li></ul></nav></header>
  <img src="/hero.jpg" alt="Acme warehouse">
  <footer><p>Copyright 2024 Acme Logistics. Registered in England.</p></footer>
</body></html>`;

// A client-rendered app shell: no text until JavaScript runs.
const APP_SHELL = `<!doctype html><html><head><title>Acme Portal</title><script src="/app.js" defer></script></head>
<body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript></body></html>`;

// windows-1252 bytes: é 0xe9, è 0xe8, ö 0xf6, ß 0xdf, ï 0xef, € 0x80, ’ 0x92.
const LATIN1_PAGE = Buffer.from(
  '<html><head><title>Caf\xe9 hygiene</title></head><body><article><h2>Caf\xe9 cr\xe8me</h2>' +
    '<p>Gr\xf6\xdfe matters: a na\xefve approach to cleaning the espresso machine leaves residue in the group head.</p>' +
    '</article></body></html>',
  'latin1',
);
const META_1252_PAGE = Buffer.concat([
  Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><title>Prices</title></head><body><article>', 'latin1'),
  Buffer.from('<p>The course costs ', 'latin1'),
  Buffer.from([0x80]),
  Buffer.from('120 and it', 'latin1'),
  Buffer.from([0x92]),
  Buffer.from('s worth every cent for a new supervisor.</p></article></body></html>', 'latin1'),
]);

interface Server {
  origin: string;
  port: number;
  requests: number;
  close(): Promise<void>;
}

async function startServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    state.requests += 1;
    handler(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const state: Server = {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return state;
}

async function generationError(promise: Promise<unknown>): Promise<GenerationError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a GenerationError');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GenerationError);
  return error as GenerationError;
}

describe('fetchArticle', () => {
  let site: Server;
  let allow: { allowOrigins: string[] };

  beforeAll(async () => {
    site = await startServer((req, res) => {
      const send = (type: string, body: string | Buffer, status = 200): void => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      };
      switch (req.url) {
        case '/blog/safe-lifting':
          res.writeHead(301, { location: '/articles/safe-lifting' });
          return res.end();
        case '/articles/safe-lifting':
          return send('text/html; charset=utf-8', ARTICLE_PAGE);
        case '/latin1':
          return send('text/html; charset=ISO-8859-1', LATIN1_PAGE);
        case '/meta-1252':
          return send('text/html', META_1252_PAGE);
        case '/short':
          return send('text/html; charset=utf-8', SHORT_PAGE);
        case '/nav-only':
          return send('text/html; charset=utf-8', NAV_ONLY_PAGE);
        case '/app':
          return send('text/html; charset=utf-8', APP_SHELL);
        case '/notes/checklist.txt':
          return send('text/plain; charset=utf-8', 'Daily checks\r\n\r\nInspect the   ladder feet.\nTest the brakes.\n\n\n  Sign the log.  \n');
        case '/gone':
          return send('text/html', '<h1>Not found</h1>', 404);
        case '/busy':
          return send('text/html', 'Try later', 503);
        case '/slow':
          res.writeHead(200, { 'content-type': 'text/html' });
          return void res.write('<html><body>');
        default:
          return send('text/plain', 'unexpected', 500);
      }
    });
    allow = { allowOrigins: [site.origin] };
  });

  afterAll(async () => {
    await site.close();
  });

  it('should extract the article as sections in order, without the site around it', async () => {
    const doc = await fetchArticle(`${site.origin}/blog/safe-lifting`, allow);

    expect(doc.format).toBe('html');
    expect(doc.origin).toBe(`${site.origin}/articles/safe-lifting`);
    expect(doc.title).toBe('Safe lifting at work');
    expect(doc.sections.map((s) => [s.heading, s.level])).toEqual([
      ['', 0],
      ['Why lifting injuries happen', 2],
      ['Plan the lift', 2],
      ['At the destination', 3],
      ['Recommended limits', 2],
    ]);
    const [lead, why, plan, destination, limits] = doc.sections;
    expect(lead!.paragraphs).toContain(
      'Manual handling causes more than a third of all workplace injuries. Most of them happen when people lift something they have not looked at properly, twist while carrying, or hurry.',
    );
    expect(why!.paragraphs).toEqual([
      'The lower back takes the load when you bend from the waist instead of the knees. Repeated strain adds up over weeks, so an injury can appear long after the lift that caused it.',
      'Fatigue matters too: a load that is easy at nine in the morning is harder at five in the afternoon, when muscles are tired and attention drifts.',
    ]);
    expect(plan!.paragraphs).toEqual(['Before you lift, stop for a moment and look at the load, the route and where it will go.']);
    expect(plan!.bullets).toEqual([
      'Check the weight before you pick it up.',
      'Clear the route of cables, boxes and wet patches.',
      'Ask for help or use a trolley for anything awkward',
      'Two-person lifts need one person giving the count.',
    ]);
    expect(destination!.paragraphs).toEqual(['Make sure there is space to put the load down without twisting or reaching over other items.']);
    expect(limits!.tables).toEqual([
      [
        ['Who', 'Guideline weight'],
        ['Men', '25 kg'],
        ['Women', '16 kg'],
      ],
    ]);

    const text = sourceText(doc);
    for (const boilerplate of [
      'cookies',
      'Accept all',
      'Buy one get one',
      'ErgoBelt',
      'Advertisement',
      'Contact us',
      'Shop',
      'Share on',
      'Popular posts',
      'Ladder safety',
      'newsletter',
      'All rights reserved',
      'Privacy policy',
      'dataLayer',
    ]) {
      expect(text).not.toContain(boilerplate);
    }
  });

  it('should drop banners and ads around a short article too', async () => {
    const doc = await fetchArticle(`${site.origin}/short`, allow);
    expect(doc.sections).toHaveLength(1);
    expect(doc.sections[0]!.paragraphs).toEqual([
      'Check both ladder feet for wear and make sure the rubber grips are present before every use.',
      'Lock the spreader bars on a stepladder and never stand on the top two rungs.',
    ]);
    const text = sourceText(doc);
    for (const boilerplate of ['cookies', 'Accept', 'Sponsored', 'All safety tips', 'rights reserved']) expect(text).not.toContain(boilerplate);
  });

  it('should keep a whole-page form and a content class that only looks like an ad', () => {
    const page = `<html><head><title>Forklift pre-use checks</title></head><body><form id="aspnetForm" action="/default.aspx">
      <div class="cookie-bar">Cookies help us run this site.</div>
      <div class="article-body ad-free"><h2>Before you start</h2>
        <p>Walk around the truck and look for leaks, damaged forks and loose chains before the first shift.</p>
        <p>Test the horn, the lights and both brakes with the forks lowered.</p></div>
    </form></body></html>`;
    const doc = htmlToSource(page, 'https://intranet.example.com/forklift');
    expect(doc.sections.map((s) => s.heading)).toEqual(['Before you start']);
    expect(doc.sections[0]!.paragraphs).toHaveLength(2);
    expect(sourceText(doc)).not.toContain('Cookies');
  });

  it('should decode a latin1 page named in the Content-Type header', async () => {
    const doc = await fetchArticle(`${site.origin}/latin1`, allow);
    expect(doc.title).toBe('Café hygiene');
    expect(sourceText(doc)).toContain('Café crème');
    expect(sourceText(doc)).toContain('Größe matters: a naïve approach');
  });

  it('should decode a windows-1252 page named in a meta tag', async () => {
    const doc = await fetchArticle(`${site.origin}/meta-1252`, allow);
    expect(sourceText(doc)).toContain('The course costs €120 and it’s worth every cent');
  });

  it('should decode windows-1252 punctuation for every latin1 label', () => {
    const bytes = Buffer.from([0x80, 0x20, 0x93, 0x71, 0x94, 0x20, 0x96, 0x20, 0x99, 0x20, 0xe9, 0x20, 0x8d]);
    for (const label of ['windows-1252', 'ISO-8859-1', 'latin1', 'us-ascii']) {
      expect(decodeBody(bytes, `text/html; charset=${label}`, true)).toBe('\u20ac \u201cq\u201d \u2013 \u2122 \u00e9 \u008d');
    }
    // The header wins over the meta tag; a UTF-8 byte order mark wins over both.
    const meta = Buffer.from('<meta charset="windows-1252"><p>\xe9</p>', 'latin1');
    expect(decodeBody(meta, 'text/html', true)).toContain('<p>\u00e9</p>');
    expect(decodeBody(meta, 'text/html; charset=utf-8', true)).toContain('<p>\ufffd</p>');
    expect(decodeBody(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('caf\u00e9')]), 'text/plain; charset=latin1', false)).toBe('caf\u00e9');
  });

  it('should split plain text into paragraphs', async () => {
    const doc = await fetchArticle(`${site.origin}/notes/checklist.txt`, allow);
    expect(doc).toEqual({
      title: 'checklist.txt',
      format: 'txt',
      origin: `${site.origin}/notes/checklist.txt`,
      sections: [
        { heading: '', level: 0, paragraphs: ['Daily checks', 'Inspect the ladder feet. Test the brakes.', 'Sign the log.'], bullets: [], tables: [], notes: [] },
      ],
    });
  });

  it('should say so when the page has no article text', async () => {
    const error = await generationError(fetchArticle(`${site.origin}/app`, allow));
    expect(error.message).toBe(NO_ARTICLE);
    expect(error.message).toBe('No readable article text was found at this address.');
    expect(error.retryable).toBe(false);
  });

  it('should not take a menu and footer for an article', async () => {
    const error = await generationError(fetchArticle(`${site.origin}/nav-only`, allow));
    expect(error.message).toBe('No readable article text was found at this address.');
  });

  it('should refuse 127.0.0.1 when it is not an allowed origin, without a request', async () => {
    site.requests = 0;
    const error = await generationError(fetchArticle(`${site.origin}/articles/safe-lifting`));
    expect(error.message).toBe('This address is not allowed: 127.0.0.1 is a loopback address.');
    expect(error.retryable).toBe(false);
    expect(site.requests).toBe(0);
  });

  it('should pass fetch failures on, retryable only when a retry may help', async () => {
    const gone = await generationError(fetchArticle(`${site.origin}/gone`, allow));
    expect(gone).toMatchObject({ message: 'The page could not be fetched (HTTP 404).', retryable: false });
    const busy = await generationError(fetchArticle(`${site.origin}/busy`, allow));
    expect(busy).toMatchObject({ message: 'The page could not be fetched (HTTP 503).', retryable: true });
    const slow = await generationError(fetchArticle(`${site.origin}/slow`, { ...allow, timeoutMs: 300 }));
    expect(slow).toMatchObject({ message: 'The page took too long to load (more than 300 ms).', retryable: true });
    const big = await generationError(fetchArticle(`${site.origin}/articles/safe-lifting`, { ...allow, maxBytes: 1024 }));
    expect(big).toMatchObject({ message: 'The page is larger than the 1 KB limit.', retryable: false });
  });
});
