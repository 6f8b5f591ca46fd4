import { AppError } from '@trainwright/platform';
import { normaliseEmail, optionalUrl, validateCompany, validateRegistration } from '../src/services/validation.js';

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a validation error');
}

describe('validateRegistration', () => {
  it('should trim and lower-case what it keeps', () => {
    expect(validateRegistration({ name: ' Ada ', company: ' Acme ', email: ' Ada@Example.COM ', password: 'longenough' })).toEqual({
      name: 'Ada',
      company: 'Acme',
      email: 'ada@example.com',
      password: 'longenough',
    });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ company: ' ' }, 'company'],
    [{ email: 'a@b' }, 'email'],
    [{ email: 'two@@example.com' }, 'email'],
    [{ password: '1234567' }, 'password'],
    [{ name: 'line\nbreak' }, 'name'],
  ])('should name the field of %j', (override, field) => {
    const e = errorOf(() => validateRegistration({ name: 'A', company: 'B', email: 'a@b.co', password: 'password', ...override }));
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.detail).toEqual({ field });
  });
});

describe('validateCompany', () => {
  it("should require a name with the specification's message", () => {
    expect(errorOf(() => validateCompany({ name: '   ' })).message).toBe('Company name is required');
  });

  it('should accept only http(s) URLs and normalise them', () => {
    expect(optionalUrl('website', 'https://acme.example')).toBe('https://acme.example/');
    expect(optionalUrl('website', '')).toBe('');
    expect(errorOf(() => optionalUrl('website', 'ftp://acme.example')).message).toBe('website must be an http or https URL');
  });

  it.each([
    ['http://127.0.0.1/logo.png', 'This address is not allowed: 127.0.0.1 is'],
    ['http://[::1]:8080/', 'This address is not allowed: ::1 is'],
    ['http://169.254.169.254/latest/meta-data', 'This address is not allowed: 169.254.169.254 is'],
    ['http://10.0.0.5/logo.png', 'This address is not allowed: 10.0.0.5 is'],
    ['http://2130706433/', 'This address is not allowed: 127.0.0.1 is'],
    ['http://localhost:3000/logo.png', 'This address is not allowed: localhost is a local host name.'],
    ['http://intranet/logo.png', 'This address is not allowed: intranet is a local host name.'],
  ])('should refuse %s (loopback, link-local, private, local names) when stored', (url, message) => {
    for (const field of ['website', 'logo_url']) {
      const error = errorOf(() => validateCompany({ name: 'Acme', [field === 'website' ? 'website' : 'logoUrl']: url }));
      expect(error.message.startsWith(message)).toBe(true);
      expect(error.detail).toEqual({ field });
    }
  });

  it('should refuse an email longer than the standard allows', () => {
    expect(errorOf(() => normaliseEmail(`${'a'.repeat(250)}@b.co`)).detail).toEqual({ field: 'email' });
  });
});
