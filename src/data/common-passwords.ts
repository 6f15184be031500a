/** Passwords refused at sign-up and reset (DECISIONS 11): the most common ones of length ≥ 8. Lower case. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '87654321', '11111111', '00000000', '88888888',
  '11223344', '12341234', '123123123', '147258369', '159753456', '987654321', '1q2w3e4r', '1q2w3e4r5t',
  '1qaz2wsx', 'qwertyui', 'qwertyuiop', 'qwerty123', 'qwerty12', 'asdfghjk', 'asdfasdf', 'zxcvbnm1',
  'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'iloveyou',
  'iloveyou1', 'sunshine', 'princess', 'football', 'baseball', 'welcome1', 'welcome123', 'superman',
  'starwars', 'whatever', 'trustno1', 'letmein1', 'master123', 'dragon123', 'monkey123', 'abc12345',
  'abcd1234', 'aa123456', 'admin123', 'administrator', 'changeme', 'computer', 'internet', 'michelle',
  'jennifer', 'corvette', 'mercedes', 'liverpool', 'chelsea1', 'arsenal1', 'charlie1', 'pokemon1',
  'minecraft', 'samsung1', 'shadow12', 'q1w2e3r4', 'a1b2c3d4', 'zaq12wsx', 'geslo123', 'geslo1234',
  'slovenija', 'ljubljana', 'maribor1', 'kuzek123', 'passwort', 'passwort1', 'hallo123', 'schatz123',
  'ciao1234', 'password!', 'qwertz123', 'qwertzui', 'tacke123', 'doglover', 'puppy123', 'doggy123',
]);
