import { describe, expect, it } from 'vitest';
import { loginSearch } from './search';

describe('sign-in search params (spec part 2)', () => {
  it('reads ReturnUrl, the two logout banners and getmessage', () => {
    expect(
      loginSearch.parse({ ReturnUrl: '/projects?x=1', logout: 'inactive', getmessage: 'emptyfield' }),
    ).toEqual({
      ReturnUrl: '/projects?x=1',
      logout: 'inactive',
      getmessage: 'emptyfield',
    });
    expect(loginSearch.parse({ logout: 'accountdeletion' }).logout).toBe('accountdeletion');
  });

  it('any other logout value shows no banner', () => {
    expect(loginSearch.parse({ logout: 'expired' }).logout).toBeUndefined();
    expect(loginSearch.parse({ logout: 'Inactive' }).logout).toBeUndefined();
  });
});
