import { describe, expect, it } from 'vitest';
import { allowedEndpoint, BROWSER_PUSH_SERVICES, isPublicAddress } from '../../server/push/push-services';

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, unique-local and reserved addresses, in both families', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.10',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '2001:db8::1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('lets public addresses through', () => {
    for (const address of [
      '8.8.8.8',
      '142.250.180.10',
      '172.32.0.1',
      '2a00:1450:4001::200a',
      '::ffff:8.8.8.8',
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('allowedEndpoint', () => {
  const browsers = { hosts: BROWSER_PUSH_SERVICES, allowPrivate: false };
  it('takes a listed host and its subdomains, over https, and nothing that only looks like one', () => {
    expect(allowedEndpoint('https://fcm.googleapis.com/fcm/send/x', browsers)?.hostname).toBe(
      'fcm.googleapis.com',
    );
    expect(allowedEndpoint('https://wns2-par02p.notify.windows.com/w/?token=x', browsers)).not.toBeNull();
    for (const endpoint of [
      'http://fcm.googleapis.com/x',
      'https://fcm.googleapis.com.evil.test/x',
      'https://xfcm.googleapis.com/x',
      'https://a:b@fcm.googleapis.com/x',
      'https://127.0.0.1/x',
      'not a url',
    ])
      expect(allowedEndpoint(endpoint, browsers), endpoint).toBeNull();
  });

  it('takes an address literal only when the operator lists it, and plain http only with private services', () => {
    const own = { hosts: ['127.0.0.1'], allowPrivate: true };
    expect(allowedEndpoint('http://127.0.0.1:4000/push/1', own)).not.toBeNull();
    expect(allowedEndpoint('http://2130706433:4000/push/1', own)).not.toBeNull();
    expect(allowedEndpoint('http://127.0.0.1:4000/push/1', { ...own, allowPrivate: false })).toBeNull();
    expect(allowedEndpoint('https://127.0.0.2/x', own)).toBeNull();
  });
});
