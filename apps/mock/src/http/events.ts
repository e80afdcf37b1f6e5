// Server-sent events: one hub, subscribers keyed by channel (e.g. `report:<id>`); report completion is pushed here.
import type { ServerResponse } from 'node:http';

export interface PushedEvent {
  event: string;
  data: unknown;
  id?: string;
}

export class EventHub {
  private readonly subscribers = new Map<string, Set<ServerResponse>>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(heartbeatMs = 15_000) {
    this.heartbeat = setInterval(() => {
      for (const set of this.subscribers.values()) for (const res of set) res.write(': keep-alive\n\n');
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  subscribe(channel: string, res: ServerResponse): void {
    let set = this.subscribers.get(channel);
    if (!set) {
      set = new Set();
      this.subscribers.set(channel, set);
    }
    set.add(res);
    res.on('close', () => {
      set.delete(res);
      if (set.size === 0) this.subscribers.delete(channel);
    });
  }

  /** Ends every stream of a channel (after a final event). */
  end(channel: string): void {
    const set = this.subscribers.get(channel);
    if (!set) return;
    for (const res of set) res.end();
    this.subscribers.delete(channel);
  }

  publish(channel: string, e: PushedEvent): number {
    const set = this.subscribers.get(channel);
    if (!set) return 0;
    const frame = `${e.id ? `id: ${e.id}\n` : ''}event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;
    for (const res of set) res.write(frame);
    return set.size;
  }

  count(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const set of this.subscribers.values()) for (const res of set) res.end();
    this.subscribers.clear();
  }
}
