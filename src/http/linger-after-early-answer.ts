import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a connection answered before its body arrived keeps reading (and discarding) in all. */
export const LINGER_MAX_MS = 10_000;
/** A lingering connection that receives nothing for this long is closed. */
export const LINGER_IDLE_MS = 2_000;
/** Bytes a lingering connection reads and discards before it is closed anyway. */
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;

const lingering = new WeakSet<Socket>();

/**
 * For an answer sent before the request's body has fully arrived (413 CONTENT_TOO_LARGE, or a 401/403/415 from a
 * hook that runs before the body is read): the connection closes after the answer, but it keeps reading and
 * discarding what the client still sends for a bounded time and size (a "lingering close", decision 0044).
 * Closing at once while unread bytes arrive makes the kernel reset the connection, and the client (Node's http
 * client: EPIPE / ECONNRESET; a browser: a network error) loses the answer it had not read yet.
 */
export function lingerAfterEarlyAnswer(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete) return;
  const socket = raw.socket as Socket | null;
  if (socket === null || socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  // Node closes a `Connection: close` answer's socket with destroySoon() once the answer is written.
  reply.header('connection', 'close');
  socket.destroySoon = () => {
    // A body a handler stopped reading (unpiped) is paused: let it flow, or the socket stalls behind it.
    raw.resume();
    linger(socket);
  };
}

function linger(socket: Socket): void {
  if (socket.destroyed) return;
  let seen = 0;
  let idle: NodeJS.Timeout | null = null;
  const stop = () => {
    clearTimeout(total);
    if (idle !== null) clearTimeout(idle);
    socket.destroy();
  };
  const total = setTimeout(stop, LINGER_MAX_MS);
  total.unref();
  const restartIdle = () => {
    if (idle !== null) clearTimeout(idle);
    idle = setTimeout(stop, LINGER_IDLE_MS);
    idle.unref();
  };
  restartIdle();
  socket.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > LINGER_MAX_BYTES) stop();
    else restartIdle();
  });
  socket.once('end', stop);
  socket.once('error', stop);
  socket.once('close', () => {
    clearTimeout(total);
    if (idle !== null) clearTimeout(idle);
  });
  // The answer is flushed first, then the client reads our end of the stream while its own bytes are discarded.
  socket.end();
  socket.resume();
}
