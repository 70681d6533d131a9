// The HTTP reference: a minimal Fastify route answering one indexed SELECT (an expense by primary
// key), on the same database, in its own process like the server it is compared with.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get<{ Querystring: { id: string } }>('/ref', async (request) => {
  const { rows } = await pool.query('SELECT id, description, amount::text, category, status, date::text FROM expenses WHERE id = $1', [request.query.id]);
  return rows[0] ?? null;
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
