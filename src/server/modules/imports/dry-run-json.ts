import type { FastifyReply } from 'fastify';
import type { ImportDryRun } from '../../../shared/schemas/import.ts';
import { eventLoopTurns } from './event-loop-turns.ts';

/**
 * A dry run's answer as JSON text (ImportDryRunSchema), written a row at a time with the event loop free for other
 * requests every few milliseconds. 5,000 rows are most of a megabyte of JSON; written in one go, as the route's
 * serializer would, they held up every other request for the while (issue 28: two clients looping 16 MB dry runs).
 */
export async function dryRunJson({ counts, rows, fingerprint }: ImportDryRun): Promise<string> {
  const parts: string[] = [];
  const turn = eventLoopTurns();
  for (const row of rows) {
    parts.push(JSON.stringify(row));
    await turn();
  }
  return `{"counts":${JSON.stringify(counts)},"rows":[${parts.join(',')}],"fingerprint":${JSON.stringify(fingerprint)}}`;
}

/** Sends text that is JSON already as the answer: Fastify sends a string with a JSON type as it is, unserialized. */
export const sendJsonText = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
