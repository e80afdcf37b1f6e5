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
  /** Said in a mail that replaces earlier links (a pending address registered again, or a resend; issue #39). */
  again: string;
}

/** The mail to an address that already has an account, when someone registers it (issue #39: no enumeration). */
export interface ExistingAccountMailTexts {
  subject: string;
  greeting: string;
  intro: string;
  action: string;
  button: string;
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
    again:
      'This address was registered again or a new link was asked for: links mailed before no longer work.',
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
    again:
      'Diese Adresse wurde erneut registriert oder ein neuer Link angefordert: Früher gesendete Links funktionieren nicht mehr.',
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
    again:
      'Esta dirección se registró de nuevo o se pidió un enlace nuevo: los enlaces enviados antes ya no funcionan.',
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
    again:
      'Cette adresse a été inscrite à nouveau ou un nouveau lien a été demandé : les liens envoyés auparavant ne fonctionnent plus.',
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
    again:
      'Questo indirizzo è stato registrato di nuovo o è stato chiesto un nuovo link: i link inviati prima non funzionano più.',
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
    again:
      'このアドレスが再度登録されたか、新しいリンクが要求されました。以前に送信されたリンクは使用できません。',
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
    again:
      '이 주소가 다시 등록되었거나 새 링크가 요청되었습니다. 이전에 보낸 링크는 더 이상 작동하지 않습니다.',
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
    again:
      'Este endereço foi cadastrado novamente ou um novo link foi pedido: os links enviados antes não funcionam mais.',
  },
  'zh-CN': {
    subject: '请确认您的电子邮件地址',
    greeting: '{name}，您好：',
    intro: '请确认您的电子邮件地址，以完成 Assessment 门户的注册：打开链接并输入您注册时设置的密码。',
    button: '确认我的电子邮件地址',
    lifetime: '此链接只能使用一次，有效期为 {lifetime}。在此之前，该帐户无法登录。',
    ignore: '如果您没有注册，请忽略此邮件，什么都不会发生：链接过期后注册即失效。',
    again: '此地址已被再次注册或已请求新链接：之前发送的链接不再有效。',
  },
  'zh-TW': {
    subject: '請確認您的電子郵件地址',
    greeting: '{name}，您好：',
    intro: '請確認您的電子郵件地址，以完成 Assessment 入口網站的註冊：開啟連結並輸入您註冊時設定的密碼。',
    button: '確認我的電子郵件地址',
    lifetime: '此連結只能使用一次，有效期為 {lifetime}。在此之前，該帳戶無法登入。',
    ignore: '如果您沒有註冊，請忽略此郵件，不會發生任何事：連結過期後註冊即失效。',
    again: '此地址已再次註冊或已要求新連結：先前寄送的連結已失效。',
  },
};

export const EXISTING_ACCOUNT_MAIL_TEXTS: Readonly<Record<LanguageCulture, ExistingAccountMailTexts>> = {
  'en-US': {
    subject: 'You already have an account',
    greeting: 'Hello {name},',
    intro:
      'Someone asked to register an Assessment portal account for this address, but it already has one. No new account was made.',
    action:
      "Sign in with your password. If you no longer know it, ask your company's administrator or support to reset it.",
    button: 'Sign in',
    ignore: 'If you did not ask for this, ignore this mail: nothing changes on your account.',
  },
  'de-DE': {
    subject: 'Sie haben bereits ein Konto',
    greeting: 'Hallo {name},',
    intro:
      'Jemand wollte für diese Adresse ein Konto im Assessment-Portal registrieren, aber sie hat bereits eines. Es wurde kein neues Konto angelegt.',
    action:
      'Melden Sie sich mit Ihrem Passwort an. Wenn Sie es nicht mehr wissen, lassen Sie es vom Administrator Ihres Unternehmens oder vom Support zurücksetzen.',
    button: 'Anmelden',
    ignore:
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: An Ihrem Konto ändert sich nichts.',
  },
  'es-ES': {
    subject: 'Ya tiene una cuenta',
    greeting: 'Hola, {name}:',
    intro:
      'Alguien pidió registrar una cuenta del portal Assessment para esta dirección, pero ya tiene una. No se ha creado ninguna cuenta nueva.',
    action:
      'Inicie sesión con su contraseña. Si ya no la recuerda, pida al administrador de su empresa o al soporte que la restablezca.',
    button: 'Iniciar sesión',
    ignore: 'Si no lo ha pedido, ignore este correo: su cuenta no cambia.',
  },
  'fr-FR': {
    subject: 'Vous avez déjà un compte',
    greeting: 'Bonjour {name},',
    intro:
      "Quelqu'un a demandé l'inscription d'un compte du portail Assessment pour cette adresse, mais elle en a déjà un. Aucun nouveau compte n'a été créé.",
    action:
      "Connectez-vous avec votre mot de passe. Si vous ne le connaissez plus, demandez à l'administrateur de votre entreprise ou au support de le réinitialiser.",
    button: 'Se connecter',
    ignore:
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : rien ne change sur votre compte.",
  },
  'it-IT': {
    subject: 'Hai già un account',
    greeting: 'Ciao {name},',
    intro:
      'Qualcuno ha chiesto di registrare un account del portale Assessment per questo indirizzo, ma ne ha già uno. Non è stato creato alcun nuovo account.',
    action:
      "Accedi con la tua password. Se non la ricordi più, chiedi all'amministratore della tua azienda o al supporto di reimpostarla.",
    button: 'Accedi',
    ignore: "Se non l'hai chiesto tu, ignora questa email: sul tuo account non cambia nulla.",
  },
  'ja-JP': {
    subject: 'アカウントは既にあります',
    greeting: '{name} 様',
    intro:
      'このアドレスで Assessment ポータルのアカウント登録が要求されましたが、このアドレスには既にアカウントがあります。新しいアカウントは作成されていません。',
    action:
      'パスワードでサインインしてください。パスワードがわからない場合は、会社の管理者またはサポートにリセットを依頼してください。',
    button: 'サインイン',
    ignore: '心当たりがない場合は、このメールを無視してください。アカウントは何も変わりません。',
  },
  'ko-KR': {
    subject: '이미 계정이 있습니다',
    greeting: '{name}님, 안녕하세요.',
    intro:
      '누군가 이 주소로 Assessment 포털 계정 등록을 요청했지만 이 주소에는 이미 계정이 있습니다. 새 계정은 만들어지지 않았습니다.',
    action: '비밀번호로 로그인하세요. 비밀번호를 모르면 회사 관리자나 지원팀에 재설정을 요청하세요.',
    button: '로그인',
    ignore: '요청하지 않았다면 이 메일을 무시하세요. 계정에는 아무 변화도 없습니다.',
  },
  'pt-BR': {
    subject: 'Você já tem uma conta',
    greeting: 'Olá, {name},',
    intro:
      'Alguém pediu o cadastro de uma conta do portal Assessment para este endereço, mas ele já tem uma. Nenhuma conta nova foi criada.',
    action:
      'Entre com sua senha. Se não a souber mais, peça ao administrador da sua empresa ou ao suporte para redefini-la.',
    button: 'Entrar',
    ignore: 'Se não foi você que pediu, ignore este e-mail: nada muda na sua conta.',
  },
  'zh-CN': {
    subject: '您已有帐户',
    greeting: '{name}，您好：',
    intro: '有人请求用此地址注册 Assessment 门户帐户，但此地址已有帐户。未创建新帐户。',
    action: '请使用您的密码登录。如果您忘记了密码，请让贵公司的管理员或支持人员为您重置。',
    button: '登录',
    ignore: '如果这不是您的请求，请忽略此邮件：您的帐户不会有任何变化。',
  },
  'zh-TW': {
    subject: '您已有帳戶',
    greeting: '{name}，您好：',
    intro: '有人要求以此地址註冊 Assessment 入口網站帳戶，但此地址已有帳戶。未建立新帳戶。',
    action: '請使用您的密碼登入。如果您忘記密碼，請讓貴公司的管理員或支援人員為您重設。',
    button: '登入',
    ignore: '如果這不是您提出的要求，請忽略此郵件：您的帳戶不會有任何變更。',
  },
};

/** The link's lifetime in the culture's words, its unit named: whole hours, or minutes under an hour. */
export function lifetimeIn(culture: string, ttlSeconds: number): string {
  const hours = ttlSeconds / 3600;
  const [value, unit] =
    hours >= 1 && Number.isInteger(hours) ? [hours, 'hour'] : [Math.round(ttlSeconds / 60), 'minute'];
  return new Intl.NumberFormat(culture, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
