import { describe, expect, it } from 'vitest';
import { lanternTimeline } from '../../bench/lantern-lcp';

// bench/lantern-lcp.ts: a Lantern debug trace (simulated µs from 1,000,000,000) as requests and tasks in time order.
const T0 = 1_000_000_000;
const request = (id: string, url: string, start: number, end: number) => [
  { name: 'ResourceSendRequest', ph: 'I', ts: T0 + start * 1000, args: { data: { requestId: id, url } } },
  { name: 'ResourceFinish', ph: 'I', ts: T0 + end * 1000, args: { data: { requestId: id } } },
];

describe('lanternTimeline', () => {
  it('lists requests with their simulated start and end and tasks with what ties them in, in time order', () => {
    const lines = lanternTimeline([
      ...request('2', 'http://127.0.0.1:18180/assets/framework.js', 721, 2643),
      ...request('1', 'http://127.0.0.1:18180/projects', 0, 721),
      { name: 'Task', ph: 'X', ts: T0 + 1301_000, dur: 122_000, tid: 1 },
      { name: 'Layout', ph: 'X', ts: T0 + 1302_000, dur: 50_000, tid: 1 },
      { name: 'Paint', ph: 'X', ts: T0 + 1360_000, dur: 10_000, tid: 1 },
      { name: 'UpdateLayer', ph: 'X', ts: T0 + 1380_000, dur: 5_000, tid: 1 },
    ]);
    expect(lines).toEqual([
      'request      0 →   721  /projects',
      'request    721 →  2643  /assets/framework.js',
      'task      1301 +  122 ms  Layout Paint',
    ]);
  });
});
