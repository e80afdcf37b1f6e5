import type { MessageCatalogue } from './types.ts';

/** French (fr-FR). */
export default {
  messages: {
    account_email_not_confirmed: [
      'Confirmez votre adresse e-mail',
      "Votre inscription n'est pas encore terminée. Suivez le lien envoyé à votre adresse ou demandez un nouveau lien.",
    ],
    register_confirm_invalid: [
      'Lien de confirmation non valide',
      "Ce lien de confirmation n'est pas valide. Un lien plus récent l'a peut-être remplacé : utilisez le lien du dernier e-mail ou demandez-en un nouveau.",
    ],
    register_confirm_used: [
      'Lien déjà utilisé',
      'Ce lien de confirmation a déjà été utilisé. S’il a confirmé votre adresse, connectez-vous.',
    ],
    register_confirm_expired: [
      'Lien de confirmation expiré',
      'Ce lien de confirmation a expiré. Demandez un nouveau lien et suivez-le à temps.',
    ],
    register_confirm_wrong_password: [
      'Mot de passe incorrect',
      "Ce n'est pas le mot de passe choisi lors de l'inscription. Après 5 mots de passe incorrects, le lien ne fonctionne plus. Si vous ne vous êtes pas inscrit, ignorez l'e-mail : rien ne se passe.",
    ],
    register_resend_throttled: [
      "Trop d'e-mails de confirmation",
      'Plusieurs e-mails de confirmation ont été envoyés récemment à cette adresse. Consultez votre boîte de réception ou réessayez plus tard.',
    ],
    register_domain_throttled: [
      "Trop d'inscriptions",
      'Trop de comptes ont été inscrits récemment pour ce domaine de messagerie. Réessayez plus tard.',
    ],
    register_lookup_throttled: [
      'Trop de vérifications',
      "Trop d'adresses e-mail ont été vérifiées récemment depuis ce poste. Patientez quelques minutes, puis réessayez.",
    ],
    register_password_weak: [
      'Choisissez un autre mot de passe',
      'Ce mot de passe est trop facile à deviner. Choisissez-en un autre : quelques mots sans rapport entre eux forment un mot de passe solide et facile à retenir.',
    ],
    register_password_common: [
      'Choisissez un autre mot de passe',
      'Ce mot de passe est un mot de passe courant ou divulgué, ou à peine modifié (une majuscule, un chiffre ou un symbole ajouté, une lettre remplacée par un caractère semblable). Choisissez-en un autre.',
    ],
    register_password_personal: [
      'Choisissez un autre mot de passe',
      'Ce mot de passe contient votre nom, votre adresse e-mail ou le nom de votre entreprise, ce que quiconque vise votre compte essaie en premier. Choisissez-en un sans eux.',
    ],
    register_password_pattern: [
      'Choisissez un autre mot de passe',
      'Ce mot de passe suit un motif prévisible : caractères répétés, suite comme abcd ou 1234, rangée de touches comme azerty, ou date. Choisissez-en un autre.',
    ],
    register_password_guessable: [
      'Choisissez un autre mot de passe',
      'Ce mot de passe est trop facile à deviner : des mots ou des noms courants avec peu d’autres caractères. Ajoutez un ou deux mots, ou choisissez-en un autre.',
    ],
    iokit_file_too_many_hosts: [
      'Trop d’hôtes dans le fichier du collecteur',
      'Le fichier liste plus d’hôtes qu’un fichier ne peut en contenir. Répartissez la collecte sur plusieurs fichiers.',
    ],
    iokit_file_too_many_devices: [
      'Trop de disques ou d’interfaces',
      'Un hôte du fichier liste plus de disques ou d’interfaces réseau qu’un hôte ne peut en avoir.',
    ],
    iokit_file_line_too_long: [
      'Ligne trop longue dans le fichier du collecteur',
      'Une ligne du fichier est plus longue que permis. Collectez à nouveau les données avec le collecteur actuel.',
    ],
    iokit_file_line_too_complex: [
      'Ligne illisible dans le fichier du collecteur',
      'Une ligne du fichier est imbriquée plus profondément ou contient une valeur plus longue que ne le font les données d’un collecteur : elle n’est donc pas lue. Collectez à nouveau les données avec le collecteur actuel.',
    ],
    iokit_file_too_large: [
      'Fichier du collecteur trop volumineux',
      'Le fichier contient plus de données qu’un fichier ne peut en contenir. Répartissez la collecte sur plusieurs fichiers.',
    ],
    iokit_file_compression_ratio: [
      'Fichier du collecteur refusé',
      'Une fois décompressé, le fichier grossit bien plus que des données de collecteur : il n’est pas lu.',
    ],
    iokit_file_too_many_samples: [
      'Trop de mesures dans le fichier du collecteur',
      'Le fichier contient plus de mesures qu’un fichier ne peut en contenir. Répartissez la collecte sur plusieurs fichiers.',
    ],
    iokit_queue_account_full: [
      'Trop de fichiers en traitement',
      'Ce compte a déjà autant de fichiers du collecteur en attente ou en traitement que permis. Réessayez lorsque certains seront terminés.',
    ],
    iokit_queue_full: [
      'Traitement saturé',
      'Le serveur traite autant de fichiers du collecteur qu’il peut en accepter. Réessayez dans quelques minutes.',
    ],
    iokit_file_corrupt: [
      'Fichier de collecteur illisible',
      "Le fichier est endommagé ou n'est pas un fichier de collecteur. Collectez à nouveau les données, puis téléversez le nouveau fichier.",
    ],
    iokit_file_truncated: [
      'Fichier de collecteur incomplet',
      'Le fichier est incomplet : il a été tronqué pendant la collecte ou la copie. Téléversez le fichier complet.',
    ],
    iokit_file_wrong_version: [
      'Fichier de collecteur non pris en charge',
      'Le fichier a été écrit par une version du collecteur que ce portail ne sait pas lire. Téléchargez le collecteur actuel.',
    ],
    iokit_file_empty: [
      'Fichier de collecteur vide',
      'Le fichier ne contient aucun échantillon de performances. Laissez le collecteur tourner plus longtemps, puis téléversez le fichier.',
    ],
    iokit_sample_implausible: [
      'Valeur invraisemblable dans le fichier du collecteur',
      'Un échantillon contient une valeur qu’aucun serveur ne peut produire : ses chiffres ne sont pas fiables. Vérifiez le collecteur et son horloge, collectez de nouveau les données, puis chargez le nouveau fichier.',
    ],
    generalError: [
      'Un problème est survenu',
      'Désolé, une erreur inattendue s’est produite. Veuillez réessayer.',
    ],
    emptyfield: ['Champ obligatoire', 'Ce champ ne peut pas être vide.'],
    choose_project: ['Choisir un projet', 'Veuillez d’abord choisir un projet.'],
    choose_collector: ['Choisir un collecteur', 'Veuillez d’abord choisir un collecteur.'],
    invalid_email: ['Adresse e-mail non valide', 'Veuillez saisir une adresse e-mail valide.'],
    validate_info: [
      'Vérifiez votre saisie',
      'Certaines informations saisies sont manquantes ou non valides.',
    ],
    userselected: ['Déjà ajouté', 'Cet utilisateur a déjà été sélectionné.'],
    collector_added: ['Collecte ajoutée', 'La collecte a été ajoutée au projet.'],
    projectcreated: ['Projet créé', 'Votre projet a été créé.'],
    projectupdated: ['Projet mis à jour', 'Votre projet a été mis à jour.'],
    confirmArchiveCR: ['Archiver la collecte', 'Voulez-vous archiver la collecte sélectionnée ?'],
    confirmStop: [
      'Arrêter la collecte',
      'Voulez-vous arrêter cette collecte ? Elle ne pourra pas être reprise.',
    ],
    collectorRunStopped: ['Collecte arrêtée', 'La collecte a été arrêtée.'],
    collectorArchiveError: ['Échec de l’archivage', 'La collecte n’a pas pu être archivée.'],
    collectorRestored: ['Collecte restaurée', 'La collecte a été restaurée.'],
    collectorRestoredError: ['Échec de la restauration', 'La collecte n’a pas pu être restaurée.'],
    collectorDownloadError: [
      'Échec du téléchargement',
      'Le collecteur n’a pas pu être téléchargé. Veuillez réessayer plus tard.',
    ],
    operationnotallowed: ['Non autorisé', 'Vous n’êtes pas autorisé à effectuer cette opération.'],
    newprimary_cannot_changed: [
      'Représentant principal inchangé',
      'Le nouveau représentant principal ne peut pas être attribué à ce compte.',
    ],
    useraccounts_disabled: ['Comptes désactivés', 'Les comptes utilisateur sélectionnés ont été désactivés.'],
    useraccounts_enabled: ['Comptes activés', 'Les comptes utilisateur sélectionnés ont été activés.'],
    useraccounts_user_promoted: ['Rôle modifié', 'Le rôle des utilisateurs sélectionnés a été modifié.'],
    useraccounts_reassigned: [
      'Représentant principal réattribué',
      'Les comptes sélectionnés ont été réattribués au nouveau représentant principal.',
    ],
    useraccounts_confirm_reassign: [
      'Réattribuer le représentant principal',
      'Voulez-vous réattribuer les comptes sélectionnés au nouveau représentant principal ?',
    ],
    useraccounts_confirm_updateculture: [
      'Changer de langue',
      'Voulez-vous changer la langue des comptes sélectionnés ?',
    ],
    groupCollectorRunArchiveError: [
      'Certaines collectes non archivées',
      'Certaines des collectes sélectionnées n’ont pas pu être archivées.',
    ],
    share_project_error_share_user_not_found: [
      'Impossible de partager le projet',
      'Aucun compte n’a été trouvé pour cette adresse e-mail.',
    ],
    nodes_required_to_publish: [
      'Rien à publier',
      'Activez au moins un nœud dans la visionneuse avant de publier.',
    ],
    remove_cr: ['Retirer la collecte', 'Voulez-vous retirer cette collecte du projet ?'],
    project_removecollectorrun: [
      'Retirer la dernière collecte',
      'C’est la dernière collecte du projet. La retirer supprime le projet. Continuer ?',
    ],
    confirm_disable_collector: [
      'Désactiver le collecteur',
      'Voulez-vous désactiver ce collecteur ? Il n’acceptera plus de données.',
    ],
    confirm_enable_collector: ['Activer le collecteur', 'Voulez-vous activer ce collecteur ?'],
    cookieWarning: [
      'Cookies',
      'Ce site utilise des cookies pour maintenir votre connexion et mémoriser vos préférences.',
    ],
    dellvpn: [
      'Réseau interne requis',
      'Connectez-vous au réseau interne (VPN) pour utiliser cette fonction.',
    ],
    register_email_already_exists: [
      'Compte existant',
      'Un compte existe déjà pour cette adresse e-mail. Veuillez plutôt vous connecter.',
    ],
    register_account_inactive: [
      'Compte inactif',
      'Le compte de cette adresse e-mail est inactif. Veuillez contacter le support.',
    ],
    dpackcapture_not_end_user: [
      'Pas un utilisateur final',
      'Le compte de capture doit appartenir à un utilisateur final.',
    ],
    verifyowner_not_end_user: [
      'Le propriétaire n’est pas un utilisateur final',
      'Le propriétaire client doit être un compte d’utilisateur final.',
    ],
    register_blacklisted: [
      'Inscription bloquée',
      'L’inscription avec ce domaine de messagerie n’est pas possible.',
    ],
    register_contact_oem: [
      'Contact OEM',
      'Cette adresse e-mail appartient à un OEM. Veuillez contacter l’administrateur de votre équipe OEM.',
    ],
    register_found_contact_no_company: [
      'Aucune entreprise',
      'Nous avons trouvé votre contact, mais aucune entreprise. Veuillez contacter le support.',
    ],
    register_contact_not_partner: [
      'Pas un partenaire',
      'Ce contact n’est pas inscrit comme partenaire de distribution.',
    ],
    register_contact_not_found: [
      'Contact introuvable',
      'Nous n’avons trouvé aucun contact pour cette adresse e-mail.',
    ],
    dell_reassign_user_doesnt_exist: [
      'Compte introuvable',
      'Le compte de capture à réattribuer n’existe pas.',
    ],
    nofiles: ['Aucun fichier', 'Ajoutez au moins un fichier à téléverser.'],
    only_iokit_allowed: ['Type de fichier incorrect', 'Seuls les fichiers .iokit et .siokit sont autorisés.'],
    only_iokit_lessthen_hundred_mb_allowed: [
      'Fichier trop volumineux',
      'Chaque fichier doit faire moins de 100 Mo.',
    ],
    only_iokit_and_lessthen_hundred_mb_allowed: [
      'Fichiers incorrects',
      'Seuls les fichiers .iokit et .siokit de moins de 100 Mo sont autorisés.',
    ],
    siokit_upload_combined_file_size_exceeded_limit: [
      'Téléversement trop volumineux',
      'La taille totale des fichiers dépasse la limite autorisée.',
    ],
    iokit_generic_error: [
      'Échec du téléversement',
      'Le fichier n’a pas pu être téléversé. Veuillez réessayer.',
    ],
    siokit_upload_failed: ['Échec du téléversement', 'Aucun des fichiers n’a pu être traité.'],
    siokit_upload_incomplete: ['Téléversement incomplet', 'Certains fichiers n’ont pas pu être traités.'],
    iokit_cant_continue: ['Impossible de continuer', 'Retirez les fichiers en erreur avant de continuer :'],
    ticket_submitted: [
      'Ticket envoyé',
      'Votre ticket de support a été envoyé. Nous vous répondrons rapidement.',
    ],
    retry_initiated: ['Nouvelle tentative lancée', 'Le traitement du projet a été relancé.'],
    project_delete: [
      'Supprimer le projet',
      'Voulez-vous supprimer ce projet ? Cette action est irréversible.',
    ],
    user_already_team_admin: [
      'Déjà administrateur d’équipe',
      'Cet utilisateur est déjà administrateur d’une équipe.',
    ],
    user_already_assigned_to_team: ['Déjà dans une équipe', 'Cet utilisateur est déjà affecté à une équipe.'],
    addToTeamEmailsDontMatch: [
      'Domaines différents',
      'Tous les utilisateurs sélectionnés doivent avoir une adresse e-mail du même domaine.',
    ],
    CRsRequired: ['Aucune collecte', 'Sélectionnez au moins une collecte.'],
    signin_throttled: [
      'Trop de tentatives de connexion',
      'Trop de tentatives de connexion ont échoué. Patientez quelques minutes, puis réessayez.',
    ],
  },
  resources: {
    Error404: 'Erreur 404 – Le fichier que vous cherchez est introuvable.',
    ConnectionInterrupted: 'Connexion interrompue – Vous semblez rencontrer des problèmes de connexion.',
    AutocompleteError: 'Désolé, une erreur s’est produite. Veuillez réessayer',
    NoSearchResults: 'Aucun résultat',
    ShareFailedTitle: 'Impossible de partager le projet',
    ReassignFailed: 'Une erreur s’est produite lors du transfert du projet au nouveau propriétaire',
  },
  modals: {
    shareTitle: 'Partager le projet',
    anonymize: 'Anonymiser',
    publishTitle: 'Publier le projet',
    publishText: 'La publication permet à toute personne disposant de l’URL publique de consulter le projet.',
    eulaTitle: 'Contrat de licence utilisateur final',
    eulaText: 'En utilisant ce portail, vous acceptez le contrat de licence utilisateur final.',
    partnerTitle: 'Conditions générales des partenaires',
    partnerText:
      'En tant que partenaire de distribution, vous devez accepter les conditions générales des partenaires.',
    language: 'Langue',
    country: 'Pays',
    disableTitle: 'Désactiver des comptes utilisateur',
    message: 'Message',
    signedInAs: 'Connecté en tant que {email}.',
    noSearchResults: 'Aucun résultat',
  },
} satisfies MessageCatalogue;
