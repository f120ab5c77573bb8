import { describe, expect, it } from 'vitest';
import { classOf, dailyBars } from './statsData.ts';

describe('token statistics bars', () => {
  it('gives one bar per UTC day, oldest first, with days without calls at zero', () => {
    const bars = dailyBars(
      [
        {
          date: '2024-03-09',
          statuses: [
            { code: '200', count: 4 },
            { code: '404', count: 1 },
          ],
        },
        {
          date: '2024-03-10',
          statuses: [
            { code: '500', count: 2 },
            { code: '201', count: 1 },
          ],
        },
        { date: '2024-02-01', statuses: [{ code: '200', count: 99 }] },
      ],
      3,
      new Date('2024-03-10T23:30:00Z'),
    );
    expect(bars).toEqual([
      { date: '2024-03-08', success: 0, client: 0, server: 0, total: 0 },
      { date: '2024-03-09', success: 4, client: 1, server: 0, total: 5 },
      { date: '2024-03-10', success: 1, client: 0, server: 2, total: 3 },
    ]);
  });

  it('sorts statuses into classes', () => {
    expect(['200', '204', '302', '400', '429', '500', '503'].map(classOf)).toEqual([
      'success',
      'success',
      'success',
      'client',
      'client',
      'server',
      'server',
    ]);
  });
});
