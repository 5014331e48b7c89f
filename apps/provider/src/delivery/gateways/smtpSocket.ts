import { connect, type Socket } from 'node:net';

type SocketCallback = (error: Error | null, socketOptions: { connection: Socket } | null) => void;

/**
 * nodemailer's `getSocket`: the TCP connection to the server, with Nagle's algorithm off. The end
 * of data is a few bytes written after the message, which the server does not acknowledge until its
 * delayed-ACK timer fires; with Nagle on, those bytes, and the acceptance turn held meanwhile, would
 * wait for it. nodemailer starts TLS on this connection itself (`secure`, or STARTTLS).
 */
export function smtpSocket(host: string, port: number, timeoutMs: number) {
  return (_options: unknown, callback: SocketCallback): void => {
    const socket = connect({ host, port, noDelay: true, keepAlive: true });
    const fail = (error: Error): void => {
      clearTimeout(timer);
      callback(error, null);
    };
    const timer = setTimeout(() => socket.destroy(new Error('Connection timeout')), timeoutMs);
    socket.once('error', fail);
    socket.once('connect', () => {
      clearTimeout(timer);
      // nodemailer listens for the connection's errors from here on.
      socket.removeListener('error', fail);
      callback(null, { connection: socket });
    });
  };
}
