/** The frequency-ranked password list alone, without the keyboard graphs and word lists. */
declare module "@zxcvbn-ts/language-common/dist/passwords.json.mjs" {
  const passwords: string[];
  export default passwords;
}
