import type { MessageCatalogue } from './types.ts';

/** Japanese (ja-JP). */
export default {
  messages: {
    iokit_file_corrupt: [
      '読み取れないコレクター ファイル',
      'ファイルが破損しているか、コレクター ファイルではありません。データを再収集してから、新しいファイルをアップロードしてください。',
    ],
    iokit_file_truncated: [
      '不完全なコレクター ファイル',
      'ファイルが不完全です。収集中またはコピー中に途中で切れています。完全なファイルをアップロードしてください。',
    ],
    iokit_file_wrong_version: [
      'サポートされていないコレクター ファイル',
      'このポータルでは読み取れないコレクターのバージョンで書き込まれたファイルです。最新のコレクターをダウンロードしてください。',
    ],
    iokit_file_empty: [
      '空のコレクター ファイル',
      'ファイルにパフォーマンス サンプルが含まれていません。コレクターをより長く実行してから、ファイルをアップロードしてください。',
    ],
    generalError: ['問題が発生しました', '予期しないエラーが発生しました。もう一度お試しください。'],
    emptyfield: ['必須項目', 'この項目は空にできません。'],
    choose_project: ['プロジェクトの選択', '先にプロジェクトを選択してください。'],
    choose_collector: ['コレクターの選択', '先にコレクターを選択してください。'],
    invalid_email: ['無効なメール アドレス', '有効なメール アドレスを入力してください。'],
    validate_info: ['入力内容の確認', '入力された情報の一部が不足しているか、無効です。'],
    userselected: ['追加済み', 'このユーザーは既に選択されています。'],
    collector_added: ['収集を追加しました', '収集をプロジェクトに追加しました。'],
    projectcreated: ['プロジェクトを作成しました', 'プロジェクトを作成しました。'],
    projectupdated: ['プロジェクトを更新しました', 'プロジェクトを更新しました。'],
    confirmArchiveCR: ['収集のアーカイブ', '選択した収集をアーカイブしますか?'],
    confirmStop: ['収集の停止', 'この収集を停止しますか? 収集を再開することはできません。'],
    collectorRunStopped: ['収集を停止しました', '収集を停止しました。'],
    collectorArchiveError: ['アーカイブに失敗しました', '収集をアーカイブできませんでした。'],
    collectorRestored: ['収集を復元しました', '収集を復元しました。'],
    collectorRestoredError: ['復元に失敗しました', '収集を復元できませんでした。'],
    collectorDownloadError: [
      'ダウンロードに失敗しました',
      'コレクターをダウンロードできませんでした。しばらくしてからもう一度お試しください。',
    ],
    operationnotallowed: ['許可されていません', 'この操作を実行する権限がありません。'],
    newprimary_cannot_changed: [
      '主担当者は変更されていません',
      '新しい主担当者をこのアカウントに割り当てることはできません。',
    ],
    useraccounts_disabled: ['アカウントを無効にしました', '選択したユーザー アカウントを無効にしました。'],
    useraccounts_enabled: ['アカウントを有効にしました', '選択したユーザー アカウントを有効にしました。'],
    useraccounts_user_promoted: ['ロールを変更しました', '選択したユーザーのロールを変更しました。'],
    useraccounts_reassigned: [
      '主担当者を再割り当てしました',
      '選択したアカウントを新しい主担当者に再割り当てしました。',
    ],
    useraccounts_confirm_reassign: [
      '主担当者の再割り当て',
      '選択したアカウントを新しい主担当者に再割り当てしますか?',
    ],
    useraccounts_confirm_updateculture: ['言語の変更', '選択したアカウントの言語を変更しますか?'],
    groupCollectorRunArchiveError: [
      '一部の収集をアーカイブできませんでした',
      '選択した収集の一部をアーカイブできませんでした。',
    ],
    share_project_error_share_user_not_found: [
      'プロジェクトを共有できませんでした',
      'このメール アドレスのアカウントが見つかりませんでした。',
    ],
    nodes_required_to_publish: [
      '公開する内容がありません',
      '公開する前に、ビューアーで 1 つ以上のノードを有効にしてください。',
    ],
    remove_cr: ['収集の削除', 'この収集をプロジェクトから削除しますか?'],
    project_removecollectorrun: [
      '最後の収集の削除',
      'これはプロジェクトの最後の収集です。削除するとプロジェクトも削除されます。続行しますか?',
    ],
    confirm_disable_collector: [
      'コレクターの無効化',
      'このコレクターを無効にしますか? データを受け付けなくなります。',
    ],
    confirm_enable_collector: ['コレクターの有効化', 'このコレクターを有効にしますか?'],
    cookieWarning: [
      'Cookie',
      'このサイトでは、サインインした状態を保ち、設定を記憶するために Cookie を使用しています。',
    ],
    dellvpn: [
      '社内ネットワークが必要です',
      'この機能を使用するには、社内ネットワーク (VPN) に接続してください。',
    ],
    register_email_already_exists: [
      'アカウントが存在します',
      'このメール アドレスのアカウントは既に存在します。サインインしてください。',
    ],
    register_account_inactive: [
      'アカウントが非アクティブです',
      'このメール アドレスのアカウントは非アクティブです。サポートにお問い合わせください。',
    ],
    dpackcapture_not_end_user: [
      'エンド ユーザーではありません',
      '収集用アカウントはエンド ユーザーのものである必要があります。',
    ],
    verifyowner_not_end_user: [
      '所有者がエンド ユーザーではありません',
      '顧客の所有者はエンド ユーザー アカウントである必要があります。',
    ],
    register_blacklisted: ['登録がブロックされました', 'このメール ドメインでは登録できません。'],
    register_contact_oem: [
      'OEM の連絡先',
      'このメール アドレスは OEM のものです。OEM チームの管理者にお問い合わせください。',
    ],
    register_found_contact_no_company: [
      '会社が見つかりません',
      '連絡先は見つかりましたが、会社が見つかりませんでした。サポートにお問い合わせください。',
    ],
    register_contact_not_partner: [
      'パートナーではありません',
      'この連絡先はチャネル パートナーとして登録されていません。',
    ],
    register_contact_not_found: [
      '連絡先が見つかりません',
      'このメール アドレスの連絡先が見つかりませんでした。',
    ],
    dell_reassign_user_doesnt_exist: [
      'アカウントが見つかりません',
      '再割り当てする収集用アカウントが存在しません。',
    ],
    nofiles: ['ファイルがありません', 'アップロードするファイルを 1 つ以上追加してください。'],
    only_iokit_allowed: [
      'ファイルの種類が正しくありません',
      '使用できるのは .iokit ファイルと .siokit ファイルのみです。',
    ],
    only_iokit_lessthen_hundred_mb_allowed: [
      'ファイルが大きすぎます',
      '各ファイルは 100 MB 未満にする必要があります。',
    ],
    only_iokit_and_lessthen_hundred_mb_allowed: [
      'ファイルが正しくありません',
      '使用できるのは 100 MB 未満の .iokit ファイルと .siokit ファイルのみです。',
    ],
    siokit_upload_combined_file_size_exceeded_limit: [
      'アップロードが大きすぎます',
      'ファイルの合計サイズが上限を超えています。',
    ],
    iokit_generic_error: [
      'アップロードに失敗しました',
      'ファイルをアップロードできませんでした。もう一度お試しください。',
    ],
    siokit_upload_failed: ['アップロードに失敗しました', 'どのファイルも処理できませんでした。'],
    siokit_upload_incomplete: ['アップロードが完了していません', '一部のファイルを処理できませんでした。'],
    iokit_cant_continue: ['続行できません', '続行する前に、エラーのあるファイルを削除してください:'],
    ticket_submitted: [
      'チケットを送信しました',
      'サポート チケットを送信しました。担当者から折り返しご連絡します。',
    ],
    retry_initiated: ['再試行を開始しました', 'プロジェクトの処理を再開しました。'],
    project_delete: ['プロジェクトの削除', 'このプロジェクトを削除しますか? この操作は元に戻せません。'],
    user_already_team_admin: ['既にチーム管理者です', 'このユーザーは既にチームの管理者です。'],
    user_already_assigned_to_team: [
      '既にチームに所属しています',
      'このユーザーは既にチームに割り当てられています。',
    ],
    addToTeamEmailsDontMatch: [
      'ドメインが異なります',
      '選択したすべてのユーザーのメール アドレスが同じドメインである必要があります。',
    ],
    CRsRequired: ['収集がありません', '収集を 1 つ以上選択してください。'],
    signin_throttled: [
      'サインインの試行回数が多すぎます',
      'サインインの失敗が多すぎます。数分待ってから、もう一度お試しください。',
    ],
  },
  resources: {
    Error404: 'エラー 404 – お探しのファイルが見つかりませんでした。',
    ConnectionInterrupted: '接続が中断されました – 接続に問題があるようです。',
    AutocompleteError: 'エラーが発生しました。もう一度お試しください',
    NoSearchResults: '検索結果はありません',
    ShareFailedTitle: 'プロジェクトを共有できませんでした',
    ReassignFailed: 'プロジェクトを新しい所有者に移転する際にエラーが発生しました',
  },
  modals: {
    shareTitle: 'プロジェクトの共有',
    anonymize: '匿名化',
    publishTitle: 'プロジェクトの公開',
    publishText: '公開すると、公開 URL を知っている人はだれでもプロジェクトを表示できます。',
    eulaTitle: 'エンド ユーザー使用許諾契約',
    eulaText: 'このポータルを使用すると、エンド ユーザー使用許諾契約に同意したものとみなされます。',
    partnerTitle: 'パートナー利用規約',
    partnerText: 'チャネル パートナーは、パートナー利用規約に同意する必要があります。',
    language: '言語',
    country: '国',
    disableTitle: 'ユーザー アカウントの無効化',
    message: 'メッセージ',
    signedInAs: '{email} としてサインインしています。',
    noSearchResults: '検索結果はありません',
  },
} satisfies MessageCatalogue;
