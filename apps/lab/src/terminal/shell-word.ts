/**
 * A word for a POSIX shell (bash, sh): as it is when it holds nothing the shell would read,
 * else single-quoted. For the command lines losslab prints and the scripts it writes.
 */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
