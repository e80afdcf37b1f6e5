import type { MessageCatalogue } from './types.ts';

/** Italian (it-IT). */
export default {
  messages: {
    account_email_not_confirmed: [
      "Conferma l'indirizzo email",
      'La registrazione non è ancora completa. Segui il link inviato al tuo indirizzo oppure richiedi un nuovo link.',
    ],
    register_confirm_invalid: [
      'Link di conferma non valido',
      "Questo link di conferma non è valido. Potrebbe essere stato sostituito da uno più recente: usa il link dell'ultima email oppure richiedine uno nuovo.",
    ],
    register_confirm_used: [
      'Link già utilizzato',
      'Questo link di conferma è già stato utilizzato. Se ha confermato il tuo indirizzo, accedi.',
    ],
    register_confirm_expired: [
      'Link di conferma scaduto',
      'Questo link di conferma è scaduto. Richiedi un nuovo link e seguilo in tempo.',
    ],
    register_confirm_wrong_password: [
      'Password errata',
      "Questa non è la password scelta al momento della registrazione. Dopo 5 password errate il link non funziona più. Se non ti sei registrato, ignora l'email: non succede nulla.",
    ],
    register_resend_throttled: [
      'Troppe email di conferma',
      'Di recente sono state inviate diverse email di conferma a questo indirizzo. Controlla la casella di posta o riprova più tardi.',
    ],
    register_domain_throttled: [
      'Troppe registrazioni',
      'Di recente sono stati registrati troppi account per questo dominio email. Riprova più tardi.',
    ],
    register_lookup_throttled: [
      'Troppe verifiche',
      'Di recente sono stati verificati troppi indirizzi email da qui. Attendi qualche minuto e riprova.',
    ],
    register_password_weak: [
      'Scegli un’altra password',
      'Questa password è troppo facile da indovinare. Scegline un’altra: alcune parole senza legame tra loro formano una password sicura e facile da ricordare.',
    ],
    register_password_common: [
      'Scegli un’altra password',
      'Questa password è una password comune o trapelata, o appena modificata (una maiuscola, una cifra o un simbolo aggiunto, una lettera sostituita da un carattere simile). Scegline un’altra.',
    ],
    register_password_personal: [
      'Scegli un’altra password',
      'Questa password contiene il tuo nome, il tuo indirizzo email o il nome della tua azienda, le prime cose che prova chi prende di mira il tuo account. Scegline una senza.',
    ],
    register_password_pattern: [
      'Scegli un’altra password',
      'Questa password segue uno schema prevedibile: caratteri ripetuti, una sequenza come abcd o 1234, una fila di tasti come qwerty o una data. Scegline un’altra.',
    ],
    register_password_guessable: [
      'Scegli un’altra password',
      'Questa password è troppo facile da indovinare: parole o nomi comuni con pochi altri caratteri. Aggiungi una o due parole, oppure scegline un’altra.',
    ],
    iokit_file_too_many_hosts: [
      'Troppi host nel file del collector',
      'Il file elenca più host di quanti un file possa contenerne. Suddividi la raccolta in più file.',
    ],
    iokit_file_too_many_devices: [
      'Troppi dischi o interfacce',
      'Un host del file elenca più dischi o interfacce di rete di quanti un host possa averne.',
    ],
    iokit_file_line_too_long: [
      'Riga troppo lunga nel file del collector',
      'Una riga del file è più lunga del consentito. Raccogli di nuovo i dati con il collector attuale.',
    ],
    iokit_file_line_too_complex: [
      'Riga illeggibile nel file del collector',
      'Una riga del file è annidata più in profondità o contiene un valore più lungo di quanto facciano i dati di un collector, quindi non viene letta. Raccogli di nuovo i dati con il collector attuale.',
    ],
    iokit_file_too_large: [
      'File del collector troppo grande',
      'Il file contiene più dati di quanti un file possa contenerne. Suddividi la raccolta in più file.',
    ],
    iokit_file_compression_ratio: [
      'File del collector non accettato',
      'Una volta decompresso, il file cresce molto più dei dati di un collector, quindi non viene letto.',
    ],
    iokit_file_too_many_samples: [
      'Troppi campioni nel file del collector',
      'Il file contiene più campioni di quanti un file possa contenerne. Suddividi la raccolta in più file.',
    ],
    iokit_queue_account_full: [
      'Troppi file in elaborazione',
      'Questo account ha già in coda o in elaborazione tanti file del collector quanti consentiti. Riprova quando alcuni saranno terminati.',
    ],
    iokit_queue_full: [
      'Elaborazione satura',
      'Il server sta elaborando tanti file del collector quanti può accettarne. Riprova tra qualche minuto.',
    ],
    iokit_file_corrupt: [
      'File del collector illeggibile',
      'Il file è danneggiato o non è un file del collector. Raccogli di nuovo i dati, poi carica il nuovo file.',
    ],
    iokit_file_truncated: [
      'File del collector incompleto',
      'Il file è incompleto: è stato troncato durante la raccolta o la copia. Carica il file completo.',
    ],
    iokit_file_wrong_version: [
      'File del collector non supportato',
      'Il file è stato scritto da una versione del collector che questo portale non sa leggere. Scarica il collector attuale.',
    ],
    iokit_file_empty: [
      'File del collector vuoto',
      'Il file non contiene campioni di prestazioni. Lascia il collector in esecuzione più a lungo, poi carica il file.',
    ],
    iokit_sample_implausible: [
      'Valore non plausibile nel file del collector',
      'Un campione contiene un valore che nessun server può produrre, quindi i suoi dati non sono affidabili. Controllare il collector e il suo orologio, raccogliere di nuovo i dati e caricare il nuovo file.',
    ],
    generalError: ['Qualcosa è andato storto', 'Si è verificato un errore imprevisto. Riprova.'],
    emptyfield: ['Campo obbligatorio', 'Questo campo non può essere vuoto.'],
    choose_project: ['Scegli un progetto', 'Scegli prima un progetto.'],
    choose_collector: ['Scegli un collector', 'Scegli prima un collector.'],
    invalid_email: ['E-mail non valida', 'Inserisci un indirizzo e-mail valido.'],
    validate_info: ['Controlla i dati inseriti', 'Alcune informazioni inserite mancano o non sono valide.'],
    userselected: ['Già aggiunto', 'Questo utente è già stato selezionato.'],
    collector_added: ['Raccolta aggiunta', 'La raccolta è stata aggiunta al progetto.'],
    projectcreated: ['Progetto creato', 'Il tuo progetto è stato creato.'],
    projectupdated: ['Progetto aggiornato', 'Il tuo progetto è stato aggiornato.'],
    confirmArchiveCR: ['Archivia raccolta', 'Vuoi archiviare la raccolta selezionata?'],
    confirmStop: ['Arresta raccolta', 'Vuoi arrestare questa raccolta? Non potrà essere ripresa.'],
    collectorRunStopped: ['Raccolta arrestata', 'La raccolta è stata arrestata.'],
    collectorArchiveError: ['Archiviazione non riuscita', 'Impossibile archiviare la raccolta.'],
    collectorRestored: ['Raccolta ripristinata', 'La raccolta è stata ripristinata.'],
    collectorRestoredError: ['Ripristino non riuscito', 'Impossibile ripristinare la raccolta.'],
    collectorDownloadError: [
      'Download non riuscito',
      'Impossibile scaricare il collector. Riprova più tardi.',
    ],
    operationnotallowed: [
      'Operazione non consentita',
      'Non hai l’autorizzazione per eseguire questa operazione.',
    ],
    newprimary_cannot_changed: [
      'Referente principale non modificato',
      'Il nuovo referente principale non può essere assegnato a questo account.',
    ],
    useraccounts_disabled: ['Account disattivati', 'Gli account utente selezionati sono stati disattivati.'],
    useraccounts_enabled: ['Account attivati', 'Gli account utente selezionati sono stati attivati.'],
    useraccounts_user_promoted: ['Ruolo modificato', 'Il ruolo degli utenti selezionati è stato modificato.'],
    useraccounts_reassigned: [
      'Referente principale riassegnato',
      'Gli account selezionati sono stati riassegnati al nuovo referente principale.',
    ],
    useraccounts_confirm_reassign: [
      'Riassegna il referente principale',
      'Vuoi riassegnare gli account selezionati al nuovo referente principale?',
    ],
    useraccounts_confirm_updateculture: [
      'Cambia lingua',
      'Vuoi cambiare la lingua degli account selezionati?',
    ],
    groupCollectorRunArchiveError: [
      'Alcune raccolte non archiviate',
      'Impossibile archiviare alcune delle raccolte selezionate.',
    ],
    share_project_error_share_user_not_found: [
      'Impossibile condividere il progetto',
      'Nessun account trovato per questo indirizzo e-mail.',
    ],
    nodes_required_to_publish: [
      'Niente da pubblicare',
      'Attiva almeno un nodo nel visualizzatore prima di pubblicare.',
    ],
    remove_cr: ['Rimuovi raccolta', 'Vuoi rimuovere questa raccolta dal progetto?'],
    project_removecollectorrun: [
      'Rimuovi l’ultima raccolta',
      'Questa è l’ultima raccolta del progetto. Rimuoverla elimina il progetto. Continuare?',
    ],
    confirm_disable_collector: [
      'Disattiva collector',
      'Vuoi disattivare questo collector? Non accetterà più dati.',
    ],
    confirm_enable_collector: ['Attiva collector', 'Vuoi attivare questo collector?'],
    cookieWarning: [
      'Cookie',
      'Questo sito usa i cookie per mantenerti connesso e ricordare le tue preferenze.',
    ],
    dellvpn: ['Rete interna necessaria', 'Connettiti alla rete interna (VPN) per usare questa funzione.'],
    register_email_already_exists: [
      'Account esistente',
      'Esiste già un account con questo indirizzo e-mail. Accedi invece.',
    ],
    register_account_inactive: [
      'Account inattivo',
      'L’account di questo indirizzo e-mail è inattivo. Contatta l’assistenza.',
    ],
    dpackcapture_not_end_user: [
      'Non è un utente finale',
      'L’account di acquisizione deve appartenere a un utente finale.',
    ],
    verifyowner_not_end_user: [
      'Il proprietario non è un utente finale',
      'Il proprietario cliente deve essere un account utente finale.',
    ],
    register_blacklisted: [
      'Registrazione bloccata',
      'Non è possibile registrarsi con questo dominio e-mail.',
    ],
    register_contact_oem: [
      'Contatto OEM',
      'Questo indirizzo e-mail appartiene a un OEM. Contatta l’amministratore del tuo team OEM.',
    ],
    register_found_contact_no_company: [
      'Nessuna azienda',
      'Abbiamo trovato il tuo contatto, ma nessuna azienda. Contatta l’assistenza.',
    ],
    register_contact_not_partner: [
      'Non è un partner',
      'Questo contatto non è registrato come partner di canale.',
    ],
    register_contact_not_found: [
      'Contatto non trovato',
      'Non abbiamo trovato alcun contatto per questo indirizzo e-mail.',
    ],
    dell_reassign_user_doesnt_exist: [
      'Account non trovato',
      'L’account di acquisizione da riassegnare non esiste.',
    ],
    nofiles: ['Nessun file', 'Aggiungi almeno un file da caricare.'],
    only_iokit_allowed: ['Tipo di file errato', 'Sono consentiti solo file .iokit e .siokit.'],
    only_iokit_lessthen_hundred_mb_allowed: [
      'File troppo grande',
      'Ogni file deve essere più piccolo di 100 MB.',
    ],
    only_iokit_and_lessthen_hundred_mb_allowed: [
      'File errati',
      'Sono consentiti solo file .iokit e .siokit più piccoli di 100 MB.',
    ],
    siokit_upload_combined_file_size_exceeded_limit: [
      'Caricamento troppo grande',
      'La dimensione complessiva dei file supera il limite consentito.',
    ],
    iokit_generic_error: ['Caricamento non riuscito', 'Impossibile caricare il file. Riprova.'],
    siokit_upload_failed: ['Caricamento non riuscito', 'Nessuno dei file è stato elaborato.'],
    siokit_upload_incomplete: ['Caricamento incompleto', 'Alcuni file non sono stati elaborati.'],
    iokit_cant_continue: ['Impossibile continuare', 'Rimuovi i file con errori prima di continuare:'],
    ticket_submitted: [
      'Ticket inviato',
      'Il tuo ticket di assistenza è stato inviato. Ti risponderemo al più presto.',
    ],
    retry_initiated: ['Nuovo tentativo avviato', 'L’elaborazione del progetto è stata riavviata.'],
    project_delete: [
      'Elimina progetto',
      'Vuoi eliminare questo progetto? L’operazione non può essere annullata.',
    ],
    user_already_team_admin: [
      'Già amministratore di un team',
      'Questo utente è già amministratore di un team.',
    ],
    user_already_assigned_to_team: ['Già in un team', 'Questo utente è già assegnato a un team.'],
    addToTeamEmailsDontMatch: [
      'Domini diversi',
      'Tutti gli utenti selezionati devono avere indirizzi e-mail dello stesso dominio.',
    ],
    CRsRequired: ['Nessuna raccolta', 'Seleziona almeno una raccolta.'],
    signin_throttled: [
      'Troppi tentativi di accesso',
      'Troppi tentativi di accesso non riusciti. Attendi qualche minuto, poi riprova.',
    ],
  },
  resources: {
    Error404: 'Errore 404 – Il file che cerchi non è stato trovato.',
    ConnectionInterrupted: 'Connessione interrotta – Sembra che ci siano problemi di connessione.',
    AutocompleteError: 'Si è verificato un errore. Riprova',
    NoSearchResults: 'Nessun risultato',
    ShareFailedTitle: 'Impossibile condividere il progetto',
    ReassignFailed: 'Si è verificato un errore durante il trasferimento del progetto al nuovo proprietario',
  },
  modals: {
    shareTitle: 'Condividi progetto',
    anonymize: 'Rendi anonimo',
    publishTitle: 'Pubblica progetto',
    publishText: 'La pubblicazione rende il progetto visibile a chiunque abbia il suo URL pubblico.',
    eulaTitle: 'Contratto di licenza con l’utente finale',
    eulaText: 'Usando questo portale accetti il contratto di licenza con l’utente finale.',
    partnerTitle: 'Termini e condizioni per i partner',
    partnerText: 'Come partner di canale devi accettare i termini e le condizioni per i partner.',
    language: 'Lingua',
    country: 'Paese',
    disableTitle: 'Disattiva account utente',
    message: 'Messaggio',
    signedInAs: 'Accesso eseguito come {email}.',
    noSearchResults: 'Nessun risultato',
  },
} satisfies MessageCatalogue;
