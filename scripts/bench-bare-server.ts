/**
 * The baseline of `GET /api/records/{id}` in `npm run bench`: a bare Fastify route that reads the same row through
 * `pg` with no session, validation or response schema. Started as its own process, as the app is, so both share
 * the machine with the load generator in the same way.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/bare/records/:id', async (request) => {
  const { rows } = await pool.query('SELECT * FROM records WHERE id = $1', [Number(request.params.id)]);
  return rows[0];
});
const port = Number(process.env.PORT);
await app.listen({ port, host: '127.0.0.1' });
console.log(`bare route ready on ${port}`);
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
