import { describe, expect, it } from 'vitest';
import { appPath } from '@/lib/app-path';

describe('appPath', () => {
  it('follows only paths of this app: an action_url is stored data, not a trusted link', () => {
    expect(appPath('/listing/1?tab=tasks'), 'an app path is followed').toBe('/listing/1?tab=tasks');
    expect(appPath('//evil.example/x'), 'a protocol-relative URL would leave the app').toBeNull();
    expect(appPath('/\\evil.example'), 'a backslash variant would leave the app too').toBeNull();
    expect(appPath('https://evil.example'), 'an absolute URL is not followed').toBeNull();
    expect(appPath('javascript:alert(1)'), 'a script URL is not followed').toBeNull();
    expect(appPath(null), 'no action_url, nothing to open').toBeNull();
  });
});
