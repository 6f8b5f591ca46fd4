// Liveness of the web server itself (the gateway has its own /api/health).
export const loader = () =>
  new Response(JSON.stringify({ status: 'ok', service: 'web' }), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
