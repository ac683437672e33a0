import net from 'node:net';

/** A TCP proxy the tests cut and restore, standing for a database or Redis that goes away and comes back. */
export interface TcpProxy {
  readonly port: number;
  /** Refuses new connections and cuts the open ones, as a stopped server does. */
  stop(): Promise<void>;
  /** Takes connections again, on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A port nothing listens on (taken, then freed). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function tcpProxy(
  target: { host: string; port: number },
  opts: { started?: boolean } = {},
): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = async () => {
    const s = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve));
    port = (s.address() as net.AddressInfo).port;
    server = s;
  };
  if (opts.started === false) port = await closedPort();
  else await listen();
  const stop = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  return {
    get port() {
      return port;
    },
    stop,
    async start() {
      if (!server) await listen();
    },
    close: stop,
  };
}
