import type { MessageCatalogue } from './types.ts';

/** German (de-DE). */
export default {
  messages: {
    account_email_not_confirmed: [
      'E-Mail-Adresse bestätigen',
      'Ihre Registrierung ist noch nicht abgeschlossen. Folgen Sie dem Link, den wir an Ihre Adresse gesendet haben, oder fordern Sie einen neuen Link an.',
    ],
    register_confirm_invalid: [
      'Bestätigungslink ungültig',
      'Dieser Bestätigungslink ist ungültig. Möglicherweise wurde er durch einen neueren ersetzt: Verwenden Sie den Link der neuesten E-Mail oder fordern Sie einen neuen an.',
    ],
    register_confirm_used: [
      'Link bereits verwendet',
      'Dieser Bestätigungslink wurde bereits verwendet. Wenn er Ihre Adresse bestätigt hat, melden Sie sich an.',
    ],
    register_confirm_expired: [
      'Bestätigungslink abgelaufen',
      'Dieser Bestätigungslink ist abgelaufen. Fordern Sie einen neuen Link an und folgen Sie ihm rechtzeitig.',
    ],
    register_confirm_wrong_password: [
      'Falsches Passwort',
      'Das ist nicht das Passwort, das bei der Registrierung gewählt wurde. Nach 5 falschen Passwörtern funktioniert der Link nicht mehr. Wenn Sie sich nicht registriert haben, ignorieren Sie die E-Mail: Es passiert nichts.',
    ],
    register_resend_throttled: [
      'Zu viele Bestätigungs-E-Mails',
      'An diese Adresse wurden kürzlich mehrere Bestätigungs-E-Mails gesendet. Prüfen Sie Ihr Postfach oder versuchen Sie es später erneut.',
    ],
    register_domain_throttled: [
      'Zu viele Registrierungen',
      'Für diese E-Mail-Domain wurden kürzlich zu viele Konten registriert. Versuchen Sie es später erneut.',
    ],
    register_lookup_throttled: [
      'Zu viele Abfragen',
      'Von hier wurden kürzlich zu viele E-Mail-Adressen abgefragt. Warten Sie ein paar Minuten und versuchen Sie es dann erneut.',
    ],
    register_password_weak: [
      'Anderes Passwort wählen',
      'Dieses Passwort ist zu leicht zu erraten. Wählen Sie ein anderes: Einige nicht zusammenhängende Wörter ergeben ein starkes Passwort, das man sich leicht merkt.',
    ],
    register_password_common: [
      'Anderes Passwort wählen',
      'Dieses Passwort ist ein verbreitetes oder geleaktes Passwort oder nur leicht abgewandelt (ein Großbuchstabe, eine Ziffer oder ein Sonderzeichen mehr, ein Buchstabe durch ein ähnliches Zeichen ersetzt). Wählen Sie ein anderes.',
    ],
    register_password_personal: [
      'Anderes Passwort wählen',
      'Dieses Passwort enthält Ihren Namen, Ihre E-Mail-Adresse oder Ihren Firmennamen – das probiert zuerst, wer es auf Ihr Konto abgesehen hat. Wählen Sie eines ohne diese Angaben.',
    ],
    register_password_pattern: [
      'Anderes Passwort wählen',
      'Dieses Passwort folgt einem vorhersehbaren Muster: wiederholte Zeichen, eine Folge wie abcd oder 1234, eine Tastenreihe wie qwertz oder ein Datum. Wählen Sie ein anderes.',
    ],
    register_password_guessable: [
      'Anderes Passwort wählen',
      'Dieses Passwort ist zu leicht zu erraten: verbreitete Wörter oder Namen mit wenigen weiteren Zeichen. Fügen Sie ein oder zwei Wörter hinzu oder wählen Sie ein anderes.',
    ],
    iokit_file_too_many_hosts: [
      'Zu viele Hosts in der Collector-Datei',
      'Die Datei listet mehr Hosts auf, als eine Datei enthalten darf. Teilen Sie die Erfassung auf mehrere Dateien auf.',
    ],
    iokit_file_too_many_devices: [
      'Zu viele Datenträger oder Schnittstellen',
      'Ein Host der Datei listet mehr Datenträger oder Netzwerkschnittstellen auf, als ein Host haben darf.',
    ],
    iokit_file_line_too_long: [
      'Zeile in der Collector-Datei zu lang',
      'Eine Zeile der Datei ist länger als erlaubt. Erfassen Sie die Daten erneut mit dem aktuellen Collector.',
    ],
    iokit_file_line_too_complex: [
      'Zeile in der Collector-Datei nicht lesbar',
      'Eine Zeile der Datei ist tiefer verschachtelt oder enthält einen längeren Wert, als Collector-Daten es tun, daher wird sie nicht gelesen. Erfassen Sie die Daten erneut mit dem aktuellen Collector.',
    ],
    iokit_file_too_large: [
      'Collector-Datei zu groß',
      'Die Datei enthält mehr Daten, als eine Datei enthalten darf. Teilen Sie die Erfassung auf mehrere Dateien auf.',
    ],
    iokit_file_compression_ratio: [
      'Collector-Datei nicht angenommen',
      'Die Datei wird beim Entpacken weit größer als Collector-Daten, daher wird sie nicht gelesen.',
    ],
    iokit_file_too_many_samples: [
      'Zu viele Messwerte in der Collector-Datei',
      'Die Datei enthält mehr Messwerte, als eine Datei enthalten darf. Teilen Sie die Erfassung auf mehrere Dateien auf.',
    ],
    iokit_queue_account_full: [
      'Zu viele Dateien in Verarbeitung',
      'Für dieses Konto warten bereits so viele Collector-Dateien auf die Verarbeitung oder werden verarbeitet, wie erlaubt sind. Versuchen Sie es erneut, sobald einige fertig sind.',
    ],
    iokit_queue_full: [
      'Verarbeitung ausgelastet',
      'Der Server verarbeitet gerade so viele Collector-Dateien, wie er annehmen kann. Versuchen Sie es in einigen Minuten erneut.',
    ],
    iokit_file_corrupt: [
      'Unlesbare Collector-Datei',
      'Die Datei ist beschädigt oder keine Collector-Datei. Erfassen Sie die Daten erneut und laden Sie dann die neue Datei hoch.',
    ],
    iokit_file_truncated: [
      'Unvollständige Collector-Datei',
      'Die Datei ist unvollständig: Sie wurde beim Erfassen oder Kopieren abgeschnitten. Laden Sie die vollständige Datei hoch.',
    ],
    iokit_file_wrong_version: [
      'Nicht unterstützte Collector-Datei',
      'Die Datei wurde von einer Collector-Version geschrieben, die dieses Portal nicht lesen kann. Laden Sie den aktuellen Collector herunter.',
    ],
    iokit_file_empty: [
      'Leere Collector-Datei',
      'Die Datei enthält keine Leistungsmesswerte. Lassen Sie den Collector länger laufen und laden Sie die Datei dann hoch.',
    ],
    iokit_sample_implausible: [
      'Unplausibler Wert in der Collector-Datei',
      'Ein Messwert enthält einen Wert, den kein Server erzeugen kann, daher sind seine Zahlen nicht vertrauenswürdig. Prüfen Sie den Collector und seine Uhr, erfassen Sie die Daten erneut und laden Sie dann die neue Datei hoch.',
    ],
    generalError: [
      'Etwas ist schiefgelaufen',
      'Leider ist ein unerwarteter Fehler aufgetreten. Bitte versuchen Sie es erneut.',
    ],
    emptyfield: ['Pflichtfeld', 'Dieses Feld darf nicht leer sein.'],
    choose_project: ['Projekt auswählen', 'Bitte wählen Sie zuerst ein Projekt aus.'],
    choose_collector: ['Kollektor auswählen', 'Bitte wählen Sie zuerst einen Kollektor aus.'],
    invalid_email: ['Ungültige E-Mail-Adresse', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
    validate_info: ['Eingaben prüfen', 'Einige Angaben fehlen oder sind ungültig.'],
    userselected: ['Bereits hinzugefügt', 'Dieser Benutzer wurde bereits ausgewählt.'],
    collector_added: ['Collector-Lauf hinzugefügt', 'Der Collector-Lauf wurde dem Projekt hinzugefügt.'],
    projectcreated: ['Projekt erstellt', 'Ihr Projekt wurde erstellt.'],
    projectupdated: ['Projekt aktualisiert', 'Ihr Projekt wurde aktualisiert.'],
    confirmArchiveCR: [
      'Collector-Lauf archivieren',
      'Möchten Sie den ausgewählten Collector-Lauf archivieren?',
    ],
    confirmStop: [
      'Collector-Lauf beenden',
      'Möchten Sie diesen Collector-Lauf beenden? Die Erfassung kann nicht fortgesetzt werden.',
    ],
    collectorRunStopped: ['Collector-Lauf beendet', 'Der Collector-Lauf wurde beendet.'],
    collectorArchiveError: [
      'Archivierung fehlgeschlagen',
      'Der Collector-Lauf konnte nicht archiviert werden.',
    ],
    collectorRestored: ['Collector-Lauf wiederhergestellt', 'Der Collector-Lauf wurde wiederhergestellt.'],
    collectorRestoredError: [
      'Wiederherstellung fehlgeschlagen',
      'Der Collector-Lauf konnte nicht wiederhergestellt werden.',
    ],
    collectorDownloadError: [
      'Download fehlgeschlagen',
      'Der Kollektor konnte nicht heruntergeladen werden. Bitte versuchen Sie es später erneut.',
    ],
    operationnotallowed: ['Nicht erlaubt', 'Sie dürfen diesen Vorgang nicht ausführen.'],
    newprimary_cannot_changed: [
      'Hauptansprechpartner nicht geändert',
      'Der neue Hauptansprechpartner kann diesem Konto nicht zugewiesen werden.',
    ],
    useraccounts_disabled: ['Konten deaktiviert', 'Die ausgewählten Benutzerkonten wurden deaktiviert.'],
    useraccounts_enabled: ['Konten aktiviert', 'Die ausgewählten Benutzerkonten wurden aktiviert.'],
    useraccounts_user_promoted: ['Rolle geändert', 'Die Rolle der ausgewählten Benutzer wurde geändert.'],
    useraccounts_reassigned: [
      'Hauptansprechpartner neu zugewiesen',
      'Die ausgewählten Konten wurden dem neuen Hauptansprechpartner zugewiesen.',
    ],
    useraccounts_confirm_reassign: [
      'Hauptansprechpartner neu zuweisen',
      'Möchten Sie die ausgewählten Konten dem neuen Hauptansprechpartner zuweisen?',
    ],
    useraccounts_confirm_updateculture: [
      'Sprache ändern',
      'Möchten Sie die Sprache der ausgewählten Konten ändern?',
    ],
    groupCollectorRunArchiveError: [
      'Einige Collector-Läufe nicht archiviert',
      'Einige der ausgewählten Collector-Läufe konnten nicht archiviert werden.',
    ],
    share_project_error_share_user_not_found: [
      'Projekt konnte nicht freigegeben werden',
      'Für diese E-Mail-Adresse wurde kein Konto gefunden.',
    ],
    nodes_required_to_publish: [
      'Nichts zu veröffentlichen',
      'Aktivieren Sie vor dem Veröffentlichen mindestens einen Knoten im Viewer.',
    ],
    remove_cr: ['Collector-Lauf entfernen', 'Möchten Sie diesen Collector-Lauf aus dem Projekt entfernen?'],
    project_removecollectorrun: [
      'Letzten Collector-Lauf entfernen',
      'Dies ist der letzte Collector-Lauf des Projekts. Wenn Sie ihn entfernen, wird das Projekt gelöscht. Fortfahren?',
    ],
    confirm_disable_collector: [
      'Kollektor deaktivieren',
      'Möchten Sie diesen Kollektor deaktivieren? Er nimmt dann keine Daten mehr an.',
    ],
    confirm_enable_collector: ['Kollektor aktivieren', 'Möchten Sie diesen Kollektor aktivieren?'],
    cookieWarning: [
      'Cookies',
      'Diese Website verwendet Cookies, um Sie angemeldet zu halten und Ihre Einstellungen zu speichern.',
    ],
    dellvpn: [
      'Internes Netzwerk erforderlich',
      'Verbinden Sie sich mit dem internen Netzwerk (VPN), um diese Funktion zu nutzen.',
    ],
    register_email_already_exists: [
      'Konto vorhanden',
      'Für diese E-Mail-Adresse gibt es bereits ein Konto. Bitte melden Sie sich stattdessen an.',
    ],
    register_account_inactive: [
      'Konto inaktiv',
      'Das Konto für diese E-Mail-Adresse ist inaktiv. Bitte wenden Sie sich an den Support.',
    ],
    dpackcapture_not_end_user: ['Kein Endbenutzer', 'Das Erfassungskonto muss zu einem Endbenutzer gehören.'],
    verifyowner_not_end_user: [
      'Eigentümer ist kein Endbenutzer',
      'Der Kundeneigentümer muss ein Endbenutzerkonto sein.',
    ],
    register_blacklisted: [
      'Registrierung gesperrt',
      'Mit dieser E-Mail-Domain ist keine Registrierung möglich.',
    ],
    register_contact_oem: [
      'OEM-Kontakt',
      'Diese E-Mail-Adresse gehört zu einem OEM. Bitte wenden Sie sich an den Admin Ihres OEM-Teams.',
    ],
    register_found_contact_no_company: [
      'Kein Unternehmen',
      'Wir haben Ihren Kontakt gefunden, aber kein Unternehmen. Bitte wenden Sie sich an den Support.',
    ],
    register_contact_not_partner: [
      'Kein Partner',
      'Dieser Kontakt ist nicht als Vertriebspartner registriert.',
    ],
    register_contact_not_found: [
      'Kontakt nicht gefunden',
      'Wir konnten zu dieser E-Mail-Adresse keinen Kontakt finden.',
    ],
    dell_reassign_user_doesnt_exist: [
      'Konto nicht gefunden',
      'Das neu zuzuweisende Erfassungskonto existiert nicht.',
    ],
    nofiles: ['Keine Dateien', 'Bitte fügen Sie mindestens eine Datei zum Hochladen hinzu.'],
    only_iokit_allowed: ['Falscher Dateityp', 'Nur .iokit- und .siokit-Dateien sind erlaubt.'],
    only_iokit_lessthen_hundred_mb_allowed: ['Datei zu groß', 'Jede Datei muss kleiner als 100 MB sein.'],
    only_iokit_and_lessthen_hundred_mb_allowed: [
      'Falsche Dateien',
      'Nur .iokit- und .siokit-Dateien unter 100 MB sind erlaubt.',
    ],
    siokit_upload_combined_file_size_exceeded_limit: [
      'Upload zu groß',
      'Die Gesamtgröße der Dateien überschreitet das zulässige Limit.',
    ],
    iokit_generic_error: [
      'Upload fehlgeschlagen',
      'Die Datei konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut.',
    ],
    siokit_upload_failed: ['Upload fehlgeschlagen', 'Keine der Dateien konnte verarbeitet werden.'],
    siokit_upload_incomplete: [
      'Upload unvollständig',
      'Einige der Dateien konnten nicht verarbeitet werden.',
    ],
    iokit_cant_continue: [
      'Fortfahren nicht möglich',
      'Entfernen Sie die fehlerhaften Dateien, bevor Sie fortfahren:',
    ],
    ticket_submitted: [
      'Ticket gesendet',
      'Ihr Support-Ticket wurde gesendet. Wir melden uns in Kürze bei Ihnen.',
    ],
    retry_initiated: ['Neuer Versuch gestartet', 'Die Verarbeitung des Projekts wurde neu gestartet.'],
    project_delete: [
      'Projekt löschen',
      'Möchten Sie dieses Projekt löschen? Dies kann nicht rückgängig gemacht werden.',
    ],
    user_already_team_admin: ['Bereits Team-Admin', 'Dieser Benutzer ist bereits Admin eines Teams.'],
    user_already_assigned_to_team: [
      'Bereits in einem Team',
      'Dieser Benutzer ist bereits einem Team zugeordnet.',
    ],
    addToTeamEmailsDontMatch: [
      'Unterschiedliche Domains',
      'Alle ausgewählten Benutzer müssen E-Mail-Adressen derselben Domain haben.',
    ],
    CRsRequired: ['Keine Collector-Läufe', 'Wählen Sie mindestens einen Collector-Lauf aus.'],
    signin_throttled: [
      'Zu viele Anmeldeversuche',
      'Zu viele fehlgeschlagene Anmeldeversuche. Warten Sie einige Minuten und versuchen Sie es dann erneut.',
    ],
  },
  resources: {
    Error404: 'Fehler 404 – Die gesuchte Datei wurde nicht gefunden.',
    ConnectionInterrupted: 'Verbindung unterbrochen – Anscheinend gibt es Probleme mit der Verbindung.',
    AutocompleteError: 'Leider ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut',
    NoSearchResults: 'Keine Suchergebnisse',
    ShareFailedTitle: 'Projekt konnte nicht freigegeben werden',
    ReassignFailed: 'Beim Übertragen des Projekts an den neuen Eigentümer ist ein Fehler aufgetreten',
  },
  modals: {
    shareTitle: 'Projekt freigeben',
    anonymize: 'Anonymisieren',
    publishTitle: 'Projekt veröffentlichen',
    publishText: 'Durch das Veröffentlichen kann jeder mit der öffentlichen URL das Projekt ansehen.',
    eulaTitle: 'Endbenutzer-Lizenzvertrag',
    eulaText: 'Mit der Nutzung dieses Portals stimmen Sie dem Endbenutzer-Lizenzvertrag zu.',
    partnerTitle: 'Partnerbedingungen',
    partnerText: 'Als Vertriebspartner müssen Sie die Partnerbedingungen akzeptieren.',
    language: 'Sprache',
    country: 'Land',
    disableTitle: 'Benutzerkonten deaktivieren',
    message: 'Meldung',
    signedInAs: 'Angemeldet als {email}.',
    noSearchResults: 'Keine Suchergebnisse',
  },
} satisfies MessageCatalogue;
