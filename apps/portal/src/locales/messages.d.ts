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
declare module '*.json?messages=section:reports' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
declare module '*.json?messages=section:upload' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
declare module '*.json?messages=section:promo' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
declare module '*.json?messages=section:register' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
declare module '*.json?messages=section:selectCompany' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
declare module '*.json?messages=section:performance' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
