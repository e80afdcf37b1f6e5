import type { MessageCatalogue } from './types.ts';

/** Brazilian Portuguese (pt-BR). */
export default {
  messages: {
    account_email_not_confirmed: [
      'Confirme seu endereço de e-mail',
      'Seu cadastro ainda não está completo. Siga o link que enviamos para o seu endereço ou peça um novo link.',
    ],
    register_confirm_invalid: [
      'Link de confirmação inválido',
      'Este link de confirmação não é válido. Um link mais recente pode tê-lo substituído: use o link do último e-mail ou peça um novo.',
    ],
    register_confirm_used: [
      'Link já utilizado',
      'Este link de confirmação já foi utilizado. Se ele confirmou seu endereço, entre.',
    ],
    register_confirm_expired: [
      'Link de confirmação expirado',
      'Este link de confirmação expirou. Peça um novo link e siga-o a tempo.',
    ],
    register_confirm_wrong_password: [
      'Senha incorreta',
      'Esta não é a senha escolhida no cadastro. Após 5 senhas incorretas o link deixa de funcionar. Se você não se cadastrou, ignore o e-mail: nada acontece.',
    ],
    register_resend_throttled: [
      'E-mails de confirmação demais',
      'Vários e-mails de confirmação foram enviados para este endereço recentemente. Verifique sua caixa de entrada ou tente novamente mais tarde.',
    ],
    register_domain_throttled: [
      'Cadastros demais',
      'Contas demais foram cadastradas para este domínio de e-mail recentemente. Tente novamente mais tarde.',
    ],
    register_lookup_throttled: [
      'Consultas demais',
      'Endereços de e-mail demais foram consultados daqui recentemente. Aguarde alguns minutos e tente novamente.',
    ],
    register_password_weak: [
      'Escolha outra senha',
      'Esta senha é fácil demais de adivinhar. Escolha outra: algumas palavras sem relação entre si formam uma senha forte e fácil de lembrar.',
    ],
    register_password_common: [
      'Escolha outra senha',
      'Esta senha é uma senha comum ou vazada, ou apenas levemente alterada (uma maiúscula, um dígito ou um símbolo a mais, uma letra trocada por um caractere parecido). Escolha outra.',
    ],
    register_password_personal: [
      'Escolha outra senha',
      'Esta senha contém seu nome, seu endereço de e-mail ou o nome da sua empresa, o que quem mira sua conta tenta primeiro. Escolha uma sem eles.',
    ],
    register_password_pattern: [
      'Escolha outra senha',
      'Esta senha segue um padrão previsível: caracteres repetidos, uma sequência como abcd ou 1234, uma fileira de teclas como qwerty ou uma data. Escolha outra.',
    ],
    register_password_guessable: [
      'Escolha outra senha',
      'Esta senha é fácil demais de adivinhar: palavras ou nomes comuns com poucos outros caracteres. Acrescente uma ou duas palavras, ou escolha outra.',
    ],
    iokit_file_too_many_hosts: [
      'Hosts demais no arquivo do coletor',
      'O arquivo lista mais hosts do que um arquivo pode conter. Divida a coleta em vários arquivos.',
    ],
    iokit_file_too_many_devices: [
      'Discos ou interfaces demais',
      'Um host do arquivo lista mais discos ou interfaces de rede do que um host pode ter.',
    ],
    iokit_file_line_too_long: [
      'Linha longa demais no arquivo do coletor',
      'Uma linha do arquivo é mais longa do que o permitido. Colete os dados novamente com o coletor atual.',
    ],
    iokit_file_line_too_complex: [
      'Linha ilegível no arquivo do coletor',
      'Uma linha do arquivo está aninhada mais fundo ou contém um valor mais longo do que os dados de um coletor, por isso não é lida. Colete os dados novamente com o coletor atual.',
    ],
    iokit_file_too_large: [
      'Arquivo do coletor grande demais',
      'O arquivo contém mais dados do que um arquivo pode conter. Divida a coleta em vários arquivos.',
    ],
    iokit_file_compression_ratio: [
      'Arquivo do coletor não aceito',
      'Ao ser descompactado, o arquivo cresce muito mais do que dados de coletor, por isso não é lido.',
    ],
    iokit_file_too_many_samples: [
      'Amostras demais no arquivo do coletor',
      'O arquivo contém mais amostras do que um arquivo pode conter. Divida a coleta em vários arquivos.',
    ],
    iokit_queue_account_full: [
      'Arquivos demais em processamento',
      'Esta conta já tem na fila ou em processamento tantos arquivos do coletor quanto o permitido. Tente novamente quando alguns terminarem.',
    ],
    iokit_queue_full: [
      'Processamento saturado',
      'O servidor está processando tantos arquivos do coletor quanto pode aceitar. Tente novamente em alguns minutos.',
    ],
    iokit_file_corrupt: [
      'Arquivo de coletor ilegível',
      'O arquivo está danificado ou não é um arquivo de coletor. Colete os dados novamente e envie o novo arquivo.',
    ],
    iokit_file_truncated: [
      'Arquivo de coletor incompleto',
      'O arquivo está incompleto: foi cortado durante a coleta ou a cópia. Envie o arquivo completo.',
    ],
    iokit_file_wrong_version: [
      'Arquivo de coletor não suportado',
      'O arquivo foi gravado por uma versão do coletor que este portal não consegue ler. Baixe o coletor atual.',
    ],
    iokit_file_empty: [
      'Arquivo de coletor vazio',
      'O arquivo não contém amostras de desempenho. Deixe o coletor executar por mais tempo e envie o arquivo.',
    ],
    iokit_sample_implausible: [
      'Valor implausível no arquivo do coletor',
      'Uma amostra contém um valor que nenhum servidor pode produzir, portanto seus números não são confiáveis. Verifique o coletor e o relógio dele, colete os dados novamente e envie o novo arquivo.',
    ],
    generalError: ['Algo deu errado', 'Desculpe, ocorreu um erro inesperado. Tente novamente.'],
    emptyfield: ['Campo obrigatório', 'Este campo não pode ficar vazio.'],
    choose_project: ['Escolha um projeto', 'Escolha um projeto primeiro.'],
    choose_collector: ['Escolha um coletor', 'Escolha um coletor primeiro.'],
    invalid_email: ['E-mail inválido', 'Informe um endereço de e-mail válido.'],
    validate_info: ['Verifique os dados', 'Algumas informações estão faltando ou não são válidas.'],
    userselected: ['Já adicionado', 'Este usuário já foi selecionado.'],
    collector_added: ['Coleta adicionada', 'A coleta foi adicionada ao projeto.'],
    projectcreated: ['Projeto criado', 'Seu projeto foi criado.'],
    projectupdated: ['Projeto atualizado', 'Seu projeto foi atualizado.'],
    confirmArchiveCR: ['Arquivar coleta', 'Deseja arquivar a coleta selecionada?'],
    confirmStop: ['Parar coleta', 'Deseja parar esta coleta? Ela não poderá ser retomada.'],
    collectorRunStopped: ['Coleta parada', 'A coleta foi parada.'],
    collectorArchiveError: ['Falha ao arquivar', 'Não foi possível arquivar a coleta.'],
    collectorRestored: ['Coleta restaurada', 'A coleta foi restaurada.'],
    collectorRestoredError: ['Falha ao restaurar', 'Não foi possível restaurar a coleta.'],
    collectorDownloadError: [
      'Falha no download',
      'Não foi possível baixar o coletor. Tente novamente mais tarde.',
    ],
    operationnotallowed: ['Não permitido', 'Você não tem permissão para executar esta operação.'],
    newprimary_cannot_changed: [
      'Representante principal não alterado',
      'O novo representante principal não pode ser atribuído a esta conta.',
    ],
    useraccounts_disabled: ['Contas desativadas', 'As contas de usuário selecionadas foram desativadas.'],
    useraccounts_enabled: ['Contas ativadas', 'As contas de usuário selecionadas foram ativadas.'],
    useraccounts_user_promoted: ['Função alterada', 'A função dos usuários selecionados foi alterada.'],
    useraccounts_reassigned: [
      'Representante principal reatribuído',
      'As contas selecionadas foram reatribuídas ao novo representante principal.',
    ],
    useraccounts_confirm_reassign: [
      'Reatribuir representante principal',
      'Deseja reatribuir as contas selecionadas ao novo representante principal?',
    ],
    useraccounts_confirm_updateculture: [
      'Alterar idioma',
      'Deseja alterar o idioma das contas selecionadas?',
    ],
    groupCollectorRunArchiveError: [
      'Algumas coletas não foram arquivadas',
      'Não foi possível arquivar algumas das coletas selecionadas.',
    ],
    share_project_error_share_user_not_found: [
      'Não foi possível compartilhar o projeto',
      'Nenhuma conta foi encontrada para este endereço de e-mail.',
    ],
    nodes_required_to_publish: [
      'Nada para publicar',
      'Ative pelo menos um nó no visualizador antes de publicar.',
    ],
    remove_cr: ['Remover coleta', 'Deseja remover esta coleta do projeto?'],
    project_removecollectorrun: [
      'Remover a última coleta',
      'Esta é a última coleta do projeto. Removê-la exclui o projeto. Continuar?',
    ],
    confirm_disable_collector: [
      'Desativar coletor',
      'Deseja desativar este coletor? Ele deixará de aceitar dados.',
    ],
    confirm_enable_collector: ['Ativar coletor', 'Deseja ativar este coletor?'],
    cookieWarning: [
      'Cookies',
      'Este site usa cookies para manter você conectado e lembrar suas preferências.',
    ],
    dellvpn: ['Rede interna necessária', 'Conecte-se à rede interna (VPN) para usar este recurso.'],
    register_email_already_exists: [
      'Conta existente',
      'Já existe uma conta com este endereço de e-mail. Entre com ela.',
    ],
    register_account_inactive: [
      'Conta inativa',
      'A conta deste endereço de e-mail está inativa. Entre em contato com o suporte.',
    ],
    dpackcapture_not_end_user: [
      'Não é um usuário final',
      'A conta de captura deve pertencer a um usuário final.',
    ],
    verifyowner_not_end_user: [
      'O proprietário não é um usuário final',
      'O proprietário do cliente deve ser uma conta de usuário final.',
    ],
    register_blacklisted: ['Cadastro bloqueado', 'Não é possível se cadastrar com este domínio de e-mail.'],
    register_contact_oem: [
      'Contato OEM',
      'Este endereço de e-mail pertence a um OEM. Entre em contato com o administrador da sua equipe OEM.',
    ],
    register_found_contact_no_company: [
      'Nenhuma empresa',
      'Encontramos seu contato, mas nenhuma empresa. Entre em contato com o suporte.',
    ],
    register_contact_not_partner: [
      'Não é parceiro',
      'Este contato não está cadastrado como parceiro de canal.',
    ],
    register_contact_not_found: [
      'Contato não encontrado',
      'Não encontramos nenhum contato para este endereço de e-mail.',
    ],
    dell_reassign_user_doesnt_exist: ['Conta não encontrada', 'A conta de captura a reatribuir não existe.'],
    nofiles: ['Nenhum arquivo', 'Adicione pelo menos um arquivo para enviar.'],
    only_iokit_allowed: ['Tipo de arquivo incorreto', 'Somente arquivos .iokit e .siokit são permitidos.'],
    only_iokit_lessthen_hundred_mb_allowed: [
      'Arquivo grande demais',
      'Cada arquivo deve ter menos de 100 MB.',
    ],
    only_iokit_and_lessthen_hundred_mb_allowed: [
      'Arquivos incorretos',
      'Somente arquivos .iokit e .siokit com menos de 100 MB são permitidos.',
    ],
    siokit_upload_combined_file_size_exceeded_limit: [
      'Envio grande demais',
      'O tamanho total dos arquivos excede o limite permitido.',
    ],
    iokit_generic_error: ['Falha no envio', 'Não foi possível enviar o arquivo. Tente novamente.'],
    siokit_upload_failed: ['Falha no envio', 'Nenhum dos arquivos pôde ser processado.'],
    siokit_upload_incomplete: ['Envio incompleto', 'Alguns arquivos não puderam ser processados.'],
    iokit_cant_continue: ['Não é possível continuar', 'Remova os arquivos com erros antes de continuar:'],
    ticket_submitted: ['Chamado enviado', 'Seu chamado de suporte foi enviado. Retornaremos em breve.'],
    retry_initiated: ['Nova tentativa iniciada', 'O processamento do projeto foi reiniciado.'],
    project_delete: ['Excluir projeto', 'Deseja excluir este projeto? Esta ação não pode ser desfeita.'],
    user_already_team_admin: [
      'Já é administrador de equipe',
      'Este usuário já é administrador de uma equipe.',
    ],
    user_already_assigned_to_team: ['Já está em uma equipe', 'Este usuário já está atribuído a uma equipe.'],
    addToTeamEmailsDontMatch: [
      'Domínios diferentes',
      'Todos os usuários selecionados devem ter endereços de e-mail do mesmo domínio.',
    ],
    CRsRequired: ['Nenhuma coleta', 'Selecione pelo menos uma coleta.'],
    signin_throttled: [
      'Muitas tentativas de entrar',
      'Muitas tentativas de entrar falharam. Aguarde alguns minutos e tente novamente.',
    ],
  },
  resources: {
    Error404: 'Erro 404 – O arquivo que você procura não foi encontrado.',
    ConnectionInterrupted: 'Conexão interrompida – Parece que você está com problemas de conexão.',
    AutocompleteError: 'Desculpe, ocorreu um erro. Tente novamente',
    NoSearchResults: 'Nenhum resultado',
    ShareFailedTitle: 'Não foi possível compartilhar o projeto',
    ReassignFailed: 'Ocorreu um erro ao transferir o projeto para o novo proprietário',
  },
  modals: {
    shareTitle: 'Compartilhar projeto',
    anonymize: 'Anonimizar',
    publishTitle: 'Publicar projeto',
    publishText: 'Publicar torna o projeto visível para qualquer pessoa com a URL pública dele.',
    eulaTitle: 'Contrato de licença do usuário final',
    eulaText: 'Ao usar este portal, você concorda com o contrato de licença do usuário final.',
    partnerTitle: 'Termos e condições para parceiros',
    partnerText: 'Como parceiro de canal, você precisa aceitar os termos e condições para parceiros.',
    language: 'Idioma',
    country: 'País',
    disableTitle: 'Desativar contas de usuário',
    message: 'Mensagem',
    signedInAs: 'Conectado como {email}.',
    noSearchResults: 'Nenhum resultado',
  },
} satisfies MessageCatalogue;
