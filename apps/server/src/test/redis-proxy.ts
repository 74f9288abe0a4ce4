import { createServer, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP pass-through to a real Redis that a test can cut and restore, as a Redis restart or a
 * network fault would: cut closes every connection and refuses new ones; restore listens again
 * on the same port. `url` is the REDIS_URL to give a server.
 */
export type RedisProxy = { url: string; cut(): Promise<void>; restore(): Promise<void> };

export async function startRedisProxy(redisUrl: string): Promise<RedisProxy> {
  const target = new URL(redisUrl);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = tcpConnect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(0);
  const url = new URL(redisUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async restore() {
      await listen(port);
    },
  };
}
