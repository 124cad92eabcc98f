import { defineItem, sortKeyPrefix } from './item';

interface Share {
  id: string;
  gamerId: string;
  email: string;
  status: 'PENDING' | 'REJECTED';
}

const shareItem = defineItem<Share>()({
  type: 'ReportShare',
  key: ({ gamerId, email }: { gamerId: string; email: string }) => ({ pk: `USER#${gamerId}`, sk: `SHARE#${email.toLowerCase()}` }),
  indexes: {
    gsi1: ({ id }: { id: string }) => ({ gsi1pk: `SHARE#${id}`, gsi1sk: 'SHARE' }),
    gsi2: (share) => (share.status === 'PENDING' ? { gsi2pk: 'DUE', gsi2sk: share.id } : undefined),
  },
  encode: (share) => ({ ...share, email: share.email.toLowerCase() }),
});

const guardItem = defineItem<{ title: string; ownerId: string }>()({
  type: 'TitleClaim',
  key: ({ title }: { title: string }) => ({ pk: `TITLE#${title}`, sk: 'CLAIM' }),
  encode: ({ ownerId }) => ({ ownerId }),
});

const share: Share = { id: 's1', gamerId: 'g1', email: 'Ann@Example.com', status: 'PENDING' };

describe('defineItem', () => {
  beforeAll(() => {
    process.env.TABLE_NAME = 'items-test';
  });

  it('encodes a record with its table key, every index it is listed in, its type and its attributes', () => {
    expect(shareItem.encode(share)).toEqual({
      pk: 'USER#g1',
      sk: 'SHARE#ann@example.com',
      gsi1pk: 'SHARE#s1',
      gsi1sk: 'SHARE',
      gsi2pk: 'DUE',
      gsi2sk: 's1',
      type: 'ReportShare',
      id: 's1',
      gamerId: 'g1',
      email: 'ann@example.com',
      status: 'PENDING',
    });
  });

  it('leaves an item out of a sparse index when the record is not listed there', () => {
    const item = shareItem.encode({ ...share, status: 'REJECTED' });
    expect(item).not.toHaveProperty('gsi2pk');
    expect(item).not.toHaveProperty('gsi2sk');
    expect(item).toMatchObject({ gsi1pk: 'SHARE#s1', status: 'REJECTED' });
  });

  it('decodes an item back to its record, dropping keys and type', () => {
    expect(shareItem.decode(shareItem.encode(share))).toEqual({ ...share, email: 'ann@example.com' });
  });

  it('builds the key of a Get from the key fields alone, and a Query prefix from an empty last part', () => {
    expect(shareItem.key({ gamerId: 'g1', email: 'B@x.org' })).toEqual({ pk: 'USER#g1', sk: 'SHARE#b@x.org' });
    expect(shareItem.key({ gamerId: 'g1', email: '' })).toEqual({ pk: 'USER#g1', sk: 'SHARE#' });
    expect(shareItem.indexes.gsi1({ id: 's9' })).toEqual({ gsi1pk: 'SHARE#s9', gsi1sk: 'SHARE' });
  });

  it('gives the Query prefix of a sort key built with empty last parts', () => {
    expect(sortKeyPrefix('COMMENT#2026-01-01####')).toBe('COMMENT#2026-01-01#');
    expect(sortKeyPrefix('COMMENT#2026-01-01#g1##')).toBe('COMMENT#2026-01-01#g1#');
    expect(sortKeyPrefix('SHARE#')).toBe('SHARE#');
  });

  it('stores only the attributes its encode gives (a guard keeps its owner, not its key parts)', () => {
    expect(guardItem.encode({ title: 'abs', ownerId: 'v1' })).toEqual({ pk: 'TITLE#abs', sk: 'CLAIM', type: 'TitleClaim', ownerId: 'v1' });
  });

  it('gives the transaction items of a put, delete, condition check and update on the table', () => {
    const condition = { ConditionExpression: 'attribute_not_exists(pk) OR ownerId = :me', ExpressionAttributeValues: { ':me': 'v1' } };
    expect(guardItem.put({ title: 'abs', ownerId: 'v1' }, condition)).toEqual({
      Put: { TableName: 'items-test', Item: { pk: 'TITLE#abs', sk: 'CLAIM', type: 'TitleClaim', ownerId: 'v1' }, ...condition },
    });
    expect(guardItem.delete({ title: 'abs' }, condition)).toEqual({
      Delete: { TableName: 'items-test', Key: { pk: 'TITLE#abs', sk: 'CLAIM' }, ...condition },
    });
    expect(guardItem.check({ title: 'abs' }, { ConditionExpression: 'attribute_exists(pk)' })).toEqual({
      ConditionCheck: { TableName: 'items-test', Key: { pk: 'TITLE#abs', sk: 'CLAIM' }, ConditionExpression: 'attribute_exists(pk)' },
    });
    expect(shareItem.update({ gamerId: 'g1', email: 'ann@example.com' }, { UpdateExpression: 'SET #s = :s' })).toEqual({
      Update: { TableName: 'items-test', Key: { pk: 'USER#g1', sk: 'SHARE#ann@example.com' }, UpdateExpression: 'SET #s = :s' },
    });
  });
});
