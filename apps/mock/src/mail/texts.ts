// The words of the confirmation mail in every culture the portal offers (issue #32): the mail goes out in the
// language the person chose when registering. `{name}` is the first name, `{lifetime}` the link's lifetime with its
// unit named in that language (Intl: "24 hours", "24 Stunden", "24 時間").
import type { LanguageCulture } from '@assessment/sdk';

export interface MailTexts {
  subject: string;
  greeting: string;
  intro: string;
  button: string;
  lifetime: string;
  ignore: string;
}

export const CONFIRMATION_MAIL_TEXTS: Readonly<Record<LanguageCulture, MailTexts>> = {
  'en-US': {
    subject: 'Confirm your email address',
    greeting: 'Hello {name},',
    intro:
      'Confirm your email address to finish your registration for the Assessment portal: open the link and enter the password you chose when registering.',
    button: 'Confirm my email address',
    lifetime: 'The link works once and for {lifetime}. Until then the account cannot sign in.',
    ignore:
      'If you did not register, ignore this mail — nothing happens: the registration lapses when the link expires.',
  },
  'de-DE': {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    greeting: 'Hallo {name},',
    intro:
      'Bestätigen Sie Ihre E-Mail-Adresse, um Ihre Registrierung für das Assessment-Portal abzuschließen: Öffnen Sie den Link und geben Sie das bei der Registrierung gewählte Passwort ein.',
    button: 'Meine E-Mail-Adresse bestätigen',
    lifetime:
      'Der Link funktioniert einmal und {lifetime} lang. Bis dahin kann sich das Konto nicht anmelden.',
    ignore:
      'Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail – es passiert nichts: Die Registrierung verfällt, wenn der Link abläuft.',
  },
  'es-ES': {
    subject: 'Confirme su dirección de correo',
    greeting: 'Hola, {name}:',
    intro:
      'Confirme su dirección de correo para completar su registro en el portal Assessment: abra el enlace e introduzca la contraseña que eligió al registrarse.',
    button: 'Confirmar mi dirección de correo',
    lifetime:
      'El enlace funciona una vez y durante {lifetime}. Hasta entonces la cuenta no puede iniciar sesión.',
    ignore:
      'Si no se ha registrado, ignore este correo; no ocurre nada: el registro caduca cuando caduca el enlace.',
  },
  'fr-FR': {
    subject: 'Confirmez votre adresse e-mail',
    greeting: 'Bonjour {name},',
    intro:
      "Confirmez votre adresse e-mail pour terminer votre inscription au portail Assessment : ouvrez le lien et saisissez le mot de passe choisi lors de l'inscription.",
    button: 'Confirmer mon adresse e-mail',
    lifetime:
      "Le lien fonctionne une fois, pendant {lifetime}. D'ici là, le compte ne peut pas se connecter.",
    ignore:
      "Si vous ne vous êtes pas inscrit, ignorez cet e-mail ; rien ne se passe : l'inscription expire avec le lien.",
  },
  'it-IT': {
    subject: 'Conferma il tuo indirizzo email',
    greeting: 'Ciao {name},',
    intro:
      'Conferma il tuo indirizzo email per completare la registrazione al portale Assessment: apri il link e inserisci la password scelta durante la registrazione.',
    button: 'Conferma il mio indirizzo email',
    lifetime: "Il link funziona una sola volta e per {lifetime}. Fino ad allora l'account non può accedere.",
    ignore:
      'Se non ti sei registrato, ignora questa email: non succede nulla e la registrazione decade alla scadenza del link.',
  },
  'ja-JP': {
    subject: 'メール アドレスの確認',
    greeting: '{name} 様',
    intro:
      'Assessment ポータルへの登録を完了するには、リンクを開き、登録時に選んだパスワードを入力してメール アドレスを確認してください:',
    button: 'メール アドレスを確認する',
    lifetime: 'リンクは 1 回だけ、{lifetime}有効です。確認するまでアカウントはサインインできません。',
    ignore:
      '登録した覚えがない場合は、このメールを無視してください。何も起こりません。リンクの期限が切れると登録は無効になります。',
  },
  'ko-KR': {
    subject: '이메일 주소를 확인하세요',
    greeting: '{name}님, 안녕하세요.',
    intro:
      'Assessment 포털 등록을 완료하려면 링크를 열고 등록할 때 정한 비밀번호를 입력해 이메일 주소를 확인하세요:',
    button: '내 이메일 주소 확인',
    lifetime: '링크는 한 번, {lifetime} 동안 사용할 수 있습니다. 그 전까지 계정은 로그인할 수 없습니다.',
    ignore:
      '등록하지 않았다면 이 메일을 무시하세요. 아무 일도 일어나지 않으며, 링크가 만료되면 등록도 만료됩니다.',
  },
  'pt-BR': {
    subject: 'Confirme seu endereço de e-mail',
    greeting: 'Olá, {name},',
    intro:
      'Confirme seu endereço de e-mail para concluir seu cadastro no portal Assessment: abra o link e digite a senha que você escolheu no cadastro.',
    button: 'Confirmar meu endereço de e-mail',
    lifetime: 'O link funciona uma vez e por {lifetime}. Até lá a conta não pode entrar.',
    ignore:
      'Se você não se cadastrou, ignore este e-mail; nada acontece: o cadastro expira quando o link expirar.',
  },
  'zh-CN': {
    subject: '请确认您的电子邮件地址',
    greeting: '{name}，您好：',
    intro: '请确认您的电子邮件地址，以完成 Assessment 门户的注册：打开链接并输入您注册时设置的密码。',
    button: '确认我的电子邮件地址',
    lifetime: '此链接只能使用一次，有效期为 {lifetime}。在此之前，该帐户无法登录。',
    ignore: '如果您没有注册，请忽略此邮件，什么都不会发生：链接过期后注册即失效。',
  },
  'zh-TW': {
    subject: '請確認您的電子郵件地址',
    greeting: '{name}，您好：',
    intro: '請確認您的電子郵件地址，以完成 Assessment 入口網站的註冊：開啟連結並輸入您註冊時設定的密碼。',
    button: '確認我的電子郵件地址',
    lifetime: '此連結只能使用一次，有效期為 {lifetime}。在此之前，該帳戶無法登入。',
    ignore: '如果您沒有註冊，請忽略此郵件，不會發生任何事：連結過期後註冊即失效。',
  },
};

/** The link's lifetime in the culture's words, its unit named: whole hours, or minutes under an hour. */
export function lifetimeIn(culture: string, ttlSeconds: number): string {
  const hours = ttlSeconds / 3600;
  const [value, unit] =
    hours >= 1 && Number.isInteger(hours) ? [hours, 'hour'] : [Math.round(ttlSeconds / 60), 'minute'];
  return new Intl.NumberFormat(culture, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
