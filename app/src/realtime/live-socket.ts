import { createDirectus, realtime } from '@directus/sdk';
import type { LiveSocket } from './live-connection.js';

/**
 * A socket to the server's `/websocket` through the SDK's `realtime()` client. The app's session lives in an
 * httpOnly cookie that scripts cannot read, so the socket sends no `auth` message: the browser sends the cookie with
 * the upgrade and the server starts the socket as that user (`authMode: 'public'` in the SDK's words: no token from
 * the client). The SDK answers the server's pings; it does not reconnect by itself (the live connection decides).
 */
export function sdkSocket(url: string = window.location.origin): LiveSocket {
  const client = createDirectus(url).with(realtime({ authMode: 'public', reconnect: false, heartbeat: true }));
  // The browser's socket once open: a message is sent only while it is open. The server may be closing it (a
  // refused socket) before the close event reaches the SDK, and the browser logs a send on a closing socket.
  let socket: WebSocket | null = null;
  return {
    connect: async () => {
      socket = (await client.connect()) as WebSocket;
    },
    disconnect: () => client.disconnect(),
    send: (message) => {
      if (socket?.readyState === WebSocket.OPEN) client.sendMessage(message);
    },
    onMessage: (listener) => client.onWebSocket('message', (message: unknown) => listener(message)),
    onClose: (listener) => client.onWebSocket('close', (event: CloseEvent) => listener(event.code)),
  };
}
