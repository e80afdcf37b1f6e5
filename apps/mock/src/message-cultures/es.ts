import type { MessageCatalogue } from './types.ts';

/** Spanish (es-ES). */
export default {
  messages: {
    account_email_not_confirmed: [
      'Confirme su dirección de correo',
      'Su registro aún no está completo. Siga el enlace que enviamos a su dirección o solicite un enlace nuevo.',
    ],
    register_confirm_invalid: [
      'Enlace de confirmación no válido',
      'Este enlace de confirmación no es válido. Puede que uno más reciente lo haya sustituido: use el enlace del último correo o solicite uno nuevo.',
    ],
    register_confirm_used: [
      'Enlace ya utilizado',
      'Este enlace de confirmación ya se ha utilizado. Si confirmó su dirección, inicie sesión.',
    ],
    register_confirm_expired: [
      'Enlace de confirmación caducado',
      'Este enlace de confirmación ha caducado. Solicite un enlace nuevo y sígalo a tiempo.',
    ],
    register_confirm_wrong_password: [
      'Contraseña incorrecta',
      'Esta no es la contraseña elegida al registrarse. Tras 5 contraseñas incorrectas el enlace deja de funcionar. Si no se ha registrado, ignore el correo: no ocurre nada.',
    ],
    register_resend_throttled: [
      'Demasiados correos de confirmación',
      'Se enviaron varios correos de confirmación a esta dirección hace poco. Revise su buzón o inténtelo de nuevo más tarde.',
    ],
    register_domain_throttled: [
      'Demasiados registros',
      'Se registraron demasiadas cuentas para este dominio de correo hace poco. Inténtelo de nuevo más tarde.',
    ],
    register_lookup_throttled: [
      'Demasiadas consultas',
      'Se consultaron demasiadas direcciones de correo desde aquí hace poco. Espere unos minutos e inténtelo de nuevo.',
    ],
    register_password_weak: [
      'Elija otra contraseña',
      'Esta contraseña es demasiado fácil de adivinar. Elija otra: unas cuantas palabras sin relación entre sí forman una contraseña segura y fácil de recordar.',
    ],
    register_password_common: [
      'Elija otra contraseña',
      'Esta contraseña es una contraseña común o filtrada, o una apenas modificada (una mayúscula, un dígito o un símbolo añadido, una letra cambiada por un carácter parecido). Elija otra.',
    ],
    register_password_personal: [
      'Elija otra contraseña',
      'Esta contraseña contiene su nombre, su dirección de correo electrónico o el nombre de su empresa, lo primero que prueba quien ataca su cuenta. Elija una sin ellos.',
    ],
    register_password_pattern: [
      'Elija otra contraseña',
      'Esta contraseña sigue un patrón previsible: caracteres repetidos, una secuencia como abcd o 1234, una fila de teclas como qwerty o una fecha. Elija otra.',
    ],
    register_password_guessable: [
      'Elija otra contraseña',
      'Esta contraseña es demasiado fácil de adivinar: palabras o nombres comunes con pocos caracteres más. Añada una o dos palabras, o elija otra.',
    ],
    iokit_file_too_many_hosts: [
      'Demasiados hosts en el archivo del recopilador',
      'El archivo enumera más hosts de los que puede contener un archivo. Divida la recopilación en varios archivos.',
    ],
    iokit_file_too_many_devices: [
      'Demasiados discos o interfaces',
      'Un host del archivo enumera más discos o interfaces de red de los que puede tener un host.',
    ],
    iokit_file_line_too_long: [
      'Línea demasiado larga en el archivo del recopilador',
      'Una línea del archivo es más larga de lo permitido. Vuelva a recopilar los datos con el recopilador actual.',
    ],
    iokit_file_line_too_complex: [
      'Línea ilegible en el archivo del recopilador',
      'Una línea del archivo está anidada a más profundidad o contiene un valor más largo de lo que tienen los datos del recopilador, por lo que no se lee. Vuelva a recopilar los datos con el recopilador actual.',
    ],
    iokit_file_too_large: [
      'Archivo del recopilador demasiado grande',
      'El archivo contiene más datos de los que puede contener un archivo. Divida la recopilación en varios archivos.',
    ],
    iokit_file_compression_ratio: [
      'Archivo del recopilador no aceptado',
      'Al descomprimirlo, el archivo crece mucho más que los datos de un recopilador, por lo que no se lee.',
    ],
    iokit_file_too_many_samples: [
      'Demasiadas muestras en el archivo del recopilador',
      'El archivo contiene más muestras de las que puede contener un archivo. Divida la recopilación en varios archivos.',
    ],
    iokit_queue_account_full: [
      'Demasiados archivos en proceso',
      'Esta cuenta ya tiene en cola o en proceso tantos archivos del recopilador como se permite. Vuelva a intentarlo cuando terminen algunos.',
    ],
    iokit_queue_full: [
      'Procesamiento saturado',
      'El servidor está procesando tantos archivos del recopilador como puede aceptar. Vuelva a intentarlo en unos minutos.',
    ],
    iokit_file_corrupt: [
      'Archivo de recopilador ilegible',
      'El archivo está dañado o no es un archivo de recopilador. Vuelve a recopilar los datos y sube el archivo nuevo.',
    ],
    iokit_file_truncated: [
      'Archivo de recopilador incompleto',
      'El archivo está incompleto: se cortó durante la recopilación o la copia. Sube el archivo completo.',
    ],
    iokit_file_wrong_version: [
      'Archivo de recopilador no compatible',
      'El archivo lo escribió una versión del recopilador que este portal no puede leer. Descarga el recopilador actual.',
    ],
    iokit_file_empty: [
      'Archivo de recopilador vacío',
      'El archivo no contiene muestras de rendimiento. Deja que el recopilador funcione más tiempo y vuelve a subir el archivo.',
    ],
    iokit_sample_implausible: [
      'Valor inverosímil en el archivo del recopilador',
      'Una muestra contiene un valor que ningún servidor puede producir, por lo que sus cifras no son fiables. Revise el recopilador y su reloj, vuelva a recopilar los datos y cargue el archivo nuevo.',
    ],
    generalError: [
      'Algo ha fallado',
      'Lo sentimos, se ha producido un error inesperado. Inténtalo de nuevo.',
    ],
    emptyfield: ['Campo obligatorio', 'Este campo no puede estar vacío.'],
    choose_project: ['Elige un proyecto', 'Elige primero un proyecto.'],
    choose_collector: ['Elige un recopilador', 'Elige primero un recopilador.'],
    invalid_email: ['Correo electrónico no válido', 'Introduce una dirección de correo electrónico válida.'],
    validate_info: ['Revisa los datos', 'Falta parte de la información introducida o no es válida.'],
    userselected: ['Ya añadido', 'Este usuario ya está seleccionado.'],
    collector_added: ['Recopilación añadida', 'La recopilación se ha añadido al proyecto.'],
    projectcreated: ['Proyecto creado', 'Se ha creado tu proyecto.'],
    projectupdated: ['Proyecto actualizado', 'Se ha actualizado tu proyecto.'],
    confirmArchiveCR: ['Archivar recopilación', '¿Quieres archivar la recopilación seleccionada?'],
    confirmStop: ['Detener recopilación', '¿Quieres detener esta recopilación? No se podrá reanudar.'],
    collectorRunStopped: ['Recopilación detenida', 'Se ha detenido la recopilación.'],
    collectorArchiveError: ['Error al archivar', 'No se ha podido archivar la recopilación.'],
    collectorRestored: ['Recopilación restaurada', 'Se ha restaurado la recopilación.'],
    collectorRestoredError: ['Error al restaurar', 'No se ha podido restaurar la recopilación.'],
    collectorDownloadError: [
      'Error en la descarga',
      'No se ha podido descargar el recopilador. Inténtalo de nuevo más tarde.',
    ],
    operationnotallowed: ['No permitido', 'No tienes permiso para realizar esta operación.'],
    newprimary_cannot_changed: [
      'Representante principal sin cambios',
      'No se puede asignar el nuevo representante principal a esta cuenta.',
    ],
    useraccounts_disabled: [
      'Cuentas desactivadas',
      'Se han desactivado las cuentas de usuario seleccionadas.',
    ],
    useraccounts_enabled: ['Cuentas activadas', 'Se han activado las cuentas de usuario seleccionadas.'],
    useraccounts_user_promoted: ['Rol cambiado', 'Se ha cambiado el rol de los usuarios seleccionados.'],
    useraccounts_reassigned: [
      'Representante principal reasignado',
      'Las cuentas seleccionadas se han reasignado al nuevo representante principal.',
    ],
    useraccounts_confirm_reassign: [
      'Reasignar representante principal',
      '¿Quieres reasignar las cuentas seleccionadas al nuevo representante principal?',
    ],
    useraccounts_confirm_updateculture: [
      'Cambiar idioma',
      '¿Quieres cambiar el idioma de las cuentas seleccionadas?',
    ],
    groupCollectorRunArchiveError: [
      'Algunas recopilaciones no se han archivado',
      'No se han podido archivar algunas de las recopilaciones seleccionadas.',
    ],
    share_project_error_share_user_not_found: [
      'No se ha podido compartir el proyecto',
      'No se ha encontrado ninguna cuenta con esta dirección de correo electrónico.',
    ],
    nodes_required_to_publish: [
      'Nada que publicar',
      'Activa al menos un nodo en el visor antes de publicar.',
    ],
    remove_cr: ['Quitar recopilación', '¿Quieres quitar esta recopilación del proyecto?'],
    project_removecollectorrun: [
      'Quitar la última recopilación',
      'Es la última recopilación del proyecto. Si la quitas, se eliminará el proyecto. ¿Quieres continuar?',
    ],
    confirm_disable_collector: [
      'Desactivar recopilador',
      '¿Quieres desactivar este recopilador? Dejará de aceptar datos.',
    ],
    confirm_enable_collector: ['Activar recopilador', '¿Quieres activar este recopilador?'],
    cookieWarning: [
      'Cookies',
      'Este sitio usa cookies para mantener tu sesión iniciada y recordar tus preferencias.',
    ],
    dellvpn: ['Se necesita la red interna', 'Conéctate a la red interna (VPN) para usar esta función.'],
    register_email_already_exists: [
      'La cuenta ya existe',
      'Ya existe una cuenta con esta dirección de correo electrónico. Inicia sesión en su lugar.',
    ],
    register_account_inactive: [
      'Cuenta inactiva',
      'La cuenta de esta dirección de correo electrónico está inactiva. Ponte en contacto con el soporte.',
    ],
    dpackcapture_not_end_user: [
      'No es un usuario final',
      'La cuenta de captura debe pertenecer a un usuario final.',
    ],
    verifyowner_not_end_user: [
      'El propietario no es un usuario final',
      'El propietario del cliente debe ser una cuenta de usuario final.',
    ],
    register_blacklisted: [
      'Registro bloqueado',
      'No es posible registrarse con este dominio de correo electrónico.',
    ],
    register_contact_oem: [
      'Contacto OEM',
      'Esta dirección de correo electrónico pertenece a un OEM. Ponte en contacto con el administrador de tu equipo OEM.',
    ],
    register_found_contact_no_company: [
      'Sin empresa',
      'Hemos encontrado tu contacto, pero ninguna empresa. Ponte en contacto con el soporte.',
    ],
    register_contact_not_partner: ['No es un socio', 'Este contacto no está registrado como socio de canal.'],
    register_contact_not_found: [
      'Contacto no encontrado',
      'No hemos encontrado ningún contacto con esta dirección de correo electrónico.',
    ],
    dell_reassign_user_doesnt_exist: [
      'Cuenta no encontrada',
      'La cuenta de captura que se quiere reasignar no existe.',
    ],
    nofiles: ['No hay archivos', 'Añade al menos un archivo para subir.'],
    only_iokit_allowed: ['Tipo de archivo incorrecto', 'Solo se permiten archivos .iokit y .siokit.'],
    only_iokit_lessthen_hundred_mb_allowed: [
      'Archivo demasiado grande',
      'Cada archivo debe ocupar menos de 100 MB.',
    ],
    only_iokit_and_lessthen_hundred_mb_allowed: [
      'Archivos incorrectos',
      'Solo se permiten archivos .iokit y .siokit de menos de 100 MB.',
    ],
    siokit_upload_combined_file_size_exceeded_limit: [
      'Subida demasiado grande',
      'El tamaño total de los archivos supera el límite permitido.',
    ],
    iokit_generic_error: ['Error en la subida', 'No se ha podido subir el archivo. Inténtalo de nuevo.'],
    siokit_upload_failed: ['Error en la subida', 'No se ha podido procesar ninguno de los archivos.'],
    siokit_upload_incomplete: ['Subida incompleta', 'No se han podido procesar algunos de los archivos.'],
    iokit_cant_continue: ['No se puede continuar', 'Quita los archivos con errores antes de continuar:'],
    ticket_submitted: [
      'Incidencia enviada',
      'Se ha enviado tu incidencia de soporte. Te responderemos pronto.',
    ],
    retry_initiated: ['Reintento iniciado', 'Se ha reiniciado el procesamiento del proyecto.'],
    project_delete: [
      'Eliminar proyecto',
      '¿Quieres eliminar este proyecto? Esta acción no se puede deshacer.',
    ],
    user_already_team_admin: [
      'Ya es administrador de equipo',
      'Este usuario ya es administrador de un equipo.',
    ],
    user_already_assigned_to_team: ['Ya está en un equipo', 'Este usuario ya está asignado a un equipo.'],
    addToTeamEmailsDontMatch: [
      'Dominios distintos',
      'Todos los usuarios seleccionados deben tener direcciones de correo electrónico del mismo dominio.',
    ],
    CRsRequired: ['No hay recopilaciones', 'Selecciona al menos una recopilación.'],
    signin_throttled: [
      'Demasiados intentos de inicio de sesión',
      'Demasiados intentos fallidos de inicio de sesión. Espera unos minutos y vuelve a intentarlo.',
    ],
  },
  resources: {
    Error404: 'Error 404: no se ha encontrado el archivo que buscas.',
    ConnectionInterrupted: 'Conexión interrumpida: parece que tienes problemas de conexión.',
    AutocompleteError: 'Lo sentimos, se ha producido un error. Inténtalo de nuevo',
    NoSearchResults: 'No hay resultados',
    ShareFailedTitle: 'No se ha podido compartir el proyecto',
    ReassignFailed: 'Se ha producido un error al transferir el proyecto al nuevo propietario',
  },
  modals: {
    shareTitle: 'Compartir proyecto',
    anonymize: 'Anonimizar',
    publishTitle: 'Publicar proyecto',
    publishText: 'Al publicar el proyecto, cualquiera que tenga su URL pública puede verlo.',
    eulaTitle: 'Contrato de licencia de usuario final',
    eulaText: 'Al usar este portal, aceptas el contrato de licencia de usuario final.',
    partnerTitle: 'Términos y condiciones para socios',
    partnerText: 'Como socio de canal, debes aceptar los términos y condiciones para socios.',
    language: 'Idioma',
    country: 'País',
    disableTitle: 'Desactivar cuentas de usuario',
    message: 'Mensaje',
    signedInAs: 'Sesión iniciada como {email}.',
    noSearchResults: 'No hay resultados',
  },
} satisfies MessageCatalogue;
