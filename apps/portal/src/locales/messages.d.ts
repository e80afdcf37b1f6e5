// `import en from '@/locales/en.json?messages'`: the locale file compiled for Lingui by scripts/locale-messages.ts.
declare module '*.json?messages' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
declare module '*.json?messages=sign-in' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
declare module '*.json?messages=pages' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
