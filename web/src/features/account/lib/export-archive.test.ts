import { unzipSync, strFromU8 } from 'fflate';
import { dataArchive, sectionFileName } from './export-archive';

const sections = [
  { name: 'User', records: JSON.stringify([{ id: 'u1', email: 'me@fitgauge.test', fullName: 'Me' }]) },
  {
    name: 'MemberDay',
    records: JSON.stringify([
      { date: '2026-11-20', dailyScore: 71, pillars: { sleep: { score: 80 } } },
      { date: '2026-11-21', dailyScore: null, extra: 'x' },
    ]),
  },
];

describe('dataArchive', () => {
  it('holds a README and, per kind, the records as JSON and as CSV with nested values as JSON cells', async () => {
    const files = unzipSync(await dataArchive('2026-11-22T20:00:00.000Z', sections));
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'member-day.csv', 'member-day.json', 'user.csv', 'user.json']);
    expect(JSON.parse(strFromU8(files['user.json']!))).toEqual([{ id: 'u1', email: 'me@fitgauge.test', fullName: 'Me' }]);
    expect(strFromU8(files['member-day.csv']!).split('\r\n')).toEqual([
      'dailyScore,date,extra,pillars',
      '71,2026-11-20,,"{""sleep"":{""score"":80}}"',
      ',2026-11-21,x,',
    ]);
  });
});

describe('sectionFileName', () => {
  it('writes kinds in kebab case', () => {
    expect(['User', 'MemberDay', 'BillingCustomer', 'Other'].map(sectionFileName)).toEqual(['user', 'member-day', 'billing-customer', 'other']);
  });
});
