// The `ws` package ships no types and @types/ws is not a dependency: the little the realtime tests use of it.
declare module 'ws' {
  import type { IncomingMessage } from 'node:http';

  namespace WebSocket {
    type ClientOptions = { headers?: Record<string, string> };
  }
  class WebSocket {
    constructor(url: string, options?: WebSocket.ClientOptions);
    send(data: string | Buffer): void;
    close(code?: number, reason?: string): void;
    on(event: 'message', listener: (data: Buffer) => void): this;
    on(event: 'close', listener: (code: number) => void): this;
    on(event: 'ping', listener: () => void): this;
    once(event: 'open', listener: () => void): this;
    once(event: 'error', listener: (error: Error) => void): this;
    once(event: 'unexpected-response', listener: (request: { destroy(): void }, response: IncomingMessage) => void): this;
  }
  export default WebSocket;
}
