import WebSocket from 'ws';

export type Message = Record<string, unknown> & { type: string };

export type WsClient = {
  socket: WebSocket;
  /** The next message the server sent (waits for it). */
  next(): Promise<Message>;
  send(message: unknown): void;
  sendRaw(text: string | Buffer): void;
  /** Sends a message and resolves to the next one. */
  ask(message: unknown): Promise<Message>;
  /** Resolves with the close code when the server closed the socket. */
  closed: Promise<number>;
  close(): void;
};

/** A `ws` client of a realtime endpoint; every message is queued so none is missed. */
export function connect(url: string, options: WebSocket.ClientOptions = {}): Promise<WsClient> {
  const socket = new WebSocket(url, options);
  const queue: Message[] = [];
  const waiting: ((message: Message) => void)[] = [];
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as Message;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const client: WsClient = {
    socket,
    next: () => {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise<Message>((resolve, reject) => {
        waiting.push(resolve);
        void closed.then((code) => reject(new Error(`socket closed (${code}) while waiting for a message`)));
      });
    },
    send: (message) => socket.send(JSON.stringify(message)),
    sendRaw: (text) => socket.send(text),
    ask: (message) => {
      const answer = client.next();
      client.send(message);
      return answer;
    },
    closed,
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (request, response) => {
      // With a listener, ws leaves the refused request to us: end it, or its connection stays open.
      request.destroy();
      reject(Object.assign(new Error('upgrade refused'), { status: response.statusCode }));
    });
    socket.once('error', reject);
  });
}
