/**
 * A TCP proxy on 127.0.0.1 in front of a shared Postgres server: the test
 * "restarts the database" for the process behind it — every proxied
 * connection is destroyed and new ones are refused — without touching the
 * real server other tests use.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** The connection string `url` rewritten to go through the proxy. */
  via(url: string): string;
  /** Destroys every open connection and stops listening (new connections are refused). */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const newServer = () =>
    createServer((client) => {
      const upstream = connect(target.port, target.host);
      track(client);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stop = (server: Server) =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });

  let server = newServer();
  const port = await listen(server, 0);
  let listening = true;
  return {
    port,
    via: (url) => {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut: async () => {
      if (!listening) return;
      listening = false;
      await stop(server);
    },
    restore: async () => {
      if (listening) return;
      server = newServer();
      await listen(server, port);
      listening = true;
    },
    close: async () => {
      if (listening) await stop(server);
      listening = false;
    },
  };
}
