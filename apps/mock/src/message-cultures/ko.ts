import type { MessageCatalogue } from './types.ts';

/** Korean (ko-KR). */
export default {
  messages: {
    account_email_not_confirmed: [
      '이메일 주소를 확인하세요',
      '등록이 아직 완료되지 않았습니다. 주소로 보낸 링크를 열거나 새 링크를 요청하세요.',
    ],
    register_confirm_invalid: [
      '확인 링크가 유효하지 않음',
      '이 확인 링크는 유효하지 않습니다. 더 최근 링크로 대체되었을 수 있습니다. 최신 메일의 링크를 사용하거나 새 링크를 요청하세요.',
    ],
    register_confirm_used: [
      '이미 사용된 링크',
      '이 확인 링크는 이미 사용되었습니다. 주소가 확인되었다면 로그인하세요.',
    ],
    register_confirm_expired: [
      '확인 링크 만료',
      '이 확인 링크는 만료되었습니다. 새 링크를 요청하고 기한 내에 여세요.',
    ],
    register_confirm_wrong_password: [
      '비밀번호가 틀립니다',
      '등록할 때 정한 비밀번호가 아닙니다. 잘못된 비밀번호를 5번 입력하면 링크가 더 이상 작동하지 않습니다. 등록하지 않았다면 메일을 무시하세요. 아무 일도 일어나지 않습니다.',
    ],
    register_resend_throttled: [
      '확인 메일이 너무 많음',
      '최근 이 주소로 확인 메일이 여러 번 전송되었습니다. 메일함을 확인하거나 나중에 다시 시도하세요.',
    ],
    register_domain_throttled: [
      '등록이 너무 많음',
      '최근 이 이메일 도메인으로 등록된 계정이 너무 많습니다. 나중에 다시 시도하세요.',
    ],
    register_lookup_throttled: [
      '조회가 너무 많음',
      '최근 여기에서 조회한 이메일 주소가 너무 많습니다. 몇 분 기다린 후 다시 시도하세요.',
    ],
    register_password_weak: [
      '다른 비밀번호를 선택하세요',
      '이 비밀번호는 너무 쉽게 추측됩니다. 다른 비밀번호를 선택하세요. 서로 관련 없는 단어 몇 개를 조합하면 강력하고 기억하기 쉬운 비밀번호가 됩니다.',
    ],
    register_password_common: [
      '다른 비밀번호를 선택하세요',
      '이 비밀번호는 흔히 쓰이거나 유출된 비밀번호이거나, 이를 조금만 바꾼 것입니다(대문자, 숫자 또는 기호 추가, 비슷한 문자로 바꾼 글자). 다른 비밀번호를 선택하세요.',
    ],
    register_password_personal: [
      '다른 비밀번호를 선택하세요',
      '이 비밀번호에는 이름, 이메일 주소 또는 회사 이름이 들어 있습니다. 계정을 노리는 사람이 가장 먼저 시도하는 것입니다. 이를 포함하지 않는 비밀번호를 선택하세요.',
    ],
    register_password_pattern: [
      '다른 비밀번호를 선택하세요',
      '이 비밀번호는 예측하기 쉬운 패턴입니다(반복된 문자, abcd나 1234 같은 연속, qwerty 같은 키 배열, 날짜). 다른 비밀번호를 선택하세요.',
    ],
    register_password_guessable: [
      '다른 비밀번호를 선택하세요',
      '이 비밀번호는 너무 쉽게 추측됩니다. 흔한 단어나 이름에 문자를 몇 개 더했을 뿐입니다. 단어를 한두 개 더하거나 다른 비밀번호를 선택하세요.',
    ],
    iokit_file_too_many_hosts: [
      '수집기 파일의 호스트가 너무 많습니다',
      '파일에 나열된 호스트가 한 파일의 한도를 넘습니다. 수집을 여러 파일로 나누세요.',
    ],
    iokit_file_too_many_devices: [
      '디스크 또는 인터페이스가 너무 많습니다',
      '파일의 호스트에 한 호스트의 한도를 넘는 디스크 또는 네트워크 인터페이스가 나열되어 있습니다.',
    ],
    iokit_file_line_too_long: [
      '수집기 파일의 줄이 너무 깁니다',
      '파일의 한 줄이 허용된 길이보다 깁니다. 현재 수집기로 데이터를 다시 수집하세요.',
    ],
    iokit_file_line_too_complex: [
      '수집기 파일의 줄을 읽을 수 없습니다',
      '파일의 한 줄이 수집기 데이터보다 깊게 중첩되어 있거나 더 긴 값을 담고 있어 읽지 않습니다. 현재 수집기로 데이터를 다시 수집하세요.',
    ],
    iokit_file_too_large: [
      '수집기 파일이 너무 큽니다',
      '파일의 데이터가 한 파일의 한도를 넘습니다. 수집을 여러 파일로 나누세요.',
    ],
    iokit_file_compression_ratio: [
      '수집기 파일을 받을 수 없습니다',
      '압축을 풀면 수집기 데이터보다 훨씬 크게 늘어나므로 이 파일은 읽지 않습니다.',
    ],
    iokit_file_too_many_samples: [
      '수집기 파일의 샘플이 너무 많습니다',
      '파일의 샘플 수가 한 파일의 한도를 넘습니다. 수집을 여러 파일로 나누세요.',
    ],
    iokit_queue_account_full: [
      '처리 중인 파일이 너무 많습니다',
      '이 계정에는 허용된 수만큼의 수집기 파일이 이미 대기 중이거나 처리 중입니다. 일부가 완료된 후 다시 시도하세요.',
    ],
    iokit_queue_full: [
      '처리 용량 초과',
      '서버가 받을 수 있는 만큼의 수집기 파일을 처리하고 있습니다. 몇 분 후에 다시 시도하세요.',
    ],
    iokit_file_corrupt: [
      '읽을 수 없는 수집기 파일',
      '파일이 손상되었거나 수집기 파일이 아닙니다. 데이터를 다시 수집한 후 새 파일을 업로드하세요.',
    ],
    iokit_file_truncated: [
      '불완전한 수집기 파일',
      '파일이 불완전합니다. 수집 또는 복사 중에 잘렸습니다. 전체 파일을 업로드하세요.',
    ],
    iokit_file_wrong_version: [
      '지원되지 않는 수집기 파일',
      '이 포털에서 읽을 수 없는 수집기 버전으로 작성된 파일입니다. 최신 수집기를 다운로드하세요.',
    ],
    iokit_file_empty: [
      '빈 수집기 파일',
      '파일에 성능 샘플이 없습니다. 수집기를 더 오래 실행한 후 파일을 업로드하세요.',
    ],
    iokit_sample_implausible: [
      '수집기 파일에 있을 수 없는 값이 있습니다',
      '샘플에 어떤 서버도 만들 수 없는 값이 있어 수치를 신뢰할 수 없습니다. 수집기와 시계를 확인하고 데이터를 다시 수집한 다음 새 파일을 업로드하세요.',
    ],
    generalError: ['문제가 발생했습니다', '죄송합니다. 예기치 않은 오류가 발생했습니다. 다시 시도하세요.'],
    emptyfield: ['필수 필드', '이 필드는 비워 둘 수 없습니다.'],
    choose_project: ['프로젝트 선택', '먼저 프로젝트를 선택하세요.'],
    choose_collector: ['수집기 선택', '먼저 수집기를 선택하세요.'],
    invalid_email: ['잘못된 이메일', '올바른 이메일 주소를 입력하세요.'],
    validate_info: ['입력 내용 확인', '입력한 정보 중 일부가 누락되었거나 올바르지 않습니다.'],
    userselected: ['이미 추가됨', '이 사용자는 이미 선택되었습니다.'],
    collector_added: ['수집 추가됨', '수집을 프로젝트에 추가했습니다.'],
    projectcreated: ['프로젝트 생성됨', '프로젝트를 만들었습니다.'],
    projectupdated: ['프로젝트 업데이트됨', '프로젝트를 업데이트했습니다.'],
    confirmArchiveCR: ['수집 보관', '선택한 수집을 보관하시겠습니까?'],
    confirmStop: ['수집 중지', '이 수집을 중지하시겠습니까? 수집을 다시 시작할 수 없습니다.'],
    collectorRunStopped: ['수집 중지됨', '수집을 중지했습니다.'],
    collectorArchiveError: ['보관 실패', '수집을 보관할 수 없습니다.'],
    collectorRestored: ['수집 복원됨', '수집을 복원했습니다.'],
    collectorRestoredError: ['복원 실패', '수집을 복원할 수 없습니다.'],
    collectorDownloadError: ['다운로드 실패', '수집기를 다운로드할 수 없습니다. 나중에 다시 시도하세요.'],
    operationnotallowed: ['허용되지 않음', '이 작업을 수행할 권한이 없습니다.'],
    newprimary_cannot_changed: ['주 담당자가 변경되지 않음', '새 주 담당자를 이 계정에 지정할 수 없습니다.'],
    useraccounts_disabled: ['계정 사용 중지됨', '선택한 사용자 계정을 사용 중지했습니다.'],
    useraccounts_enabled: ['계정 사용됨', '선택한 사용자 계정을 사용하도록 설정했습니다.'],
    useraccounts_user_promoted: ['역할 변경됨', '선택한 사용자의 역할을 변경했습니다.'],
    useraccounts_reassigned: ['주 담당자 재지정됨', '선택한 계정을 새 주 담당자에게 재지정했습니다.'],
    useraccounts_confirm_reassign: ['주 담당자 재지정', '선택한 계정을 새 주 담당자에게 재지정하시겠습니까?'],
    useraccounts_confirm_updateculture: ['언어 변경', '선택한 계정의 언어를 변경하시겠습니까?'],
    groupCollectorRunArchiveError: ['일부 수집이 보관되지 않음', '선택한 수집 중 일부를 보관할 수 없습니다.'],
    share_project_error_share_user_not_found: [
      '프로젝트를 공유할 수 없음',
      '이 이메일 주소에 해당하는 계정을 찾을 수 없습니다.',
    ],
    nodes_required_to_publish: [
      '게시할 항목 없음',
      '게시하기 전에 뷰어에서 노드를 하나 이상 사용하도록 설정하세요.',
    ],
    remove_cr: ['수집 제거', '이 수집을 프로젝트에서 제거하시겠습니까?'],
    project_removecollectorrun: [
      '마지막 수집 제거',
      '프로젝트의 마지막 수집입니다. 제거하면 프로젝트가 삭제됩니다. 계속하시겠습니까?',
    ],
    confirm_disable_collector: [
      '수집기 사용 중지',
      '이 수집기를 사용 중지하시겠습니까? 더 이상 데이터를 받지 않습니다.',
    ],
    confirm_enable_collector: ['수집기 사용', '이 수집기를 사용하도록 설정하시겠습니까?'],
    cookieWarning: [
      '쿠키',
      '이 사이트는 로그인 상태를 유지하고 기본 설정을 기억하기 위해 쿠키를 사용합니다.',
    ],
    dellvpn: ['내부 네트워크 필요', '이 기능을 사용하려면 내부 네트워크(VPN)에 연결하세요.'],
    register_email_already_exists: [
      '계정이 이미 있음',
      '이 이메일 주소로 된 계정이 이미 있습니다. 대신 로그인하세요.',
    ],
    register_account_inactive: [
      '비활성 계정',
      '이 이메일 주소의 계정이 비활성 상태입니다. 지원팀에 문의하세요.',
    ],
    dpackcapture_not_end_user: ['최종 사용자가 아님', '수집 계정은 최종 사용자의 계정이어야 합니다.'],
    verifyowner_not_end_user: ['소유자가 최종 사용자가 아님', '고객 소유자는 최종 사용자 계정이어야 합니다.'],
    register_blacklisted: ['등록 차단됨', '이 이메일 도메인으로는 등록할 수 없습니다.'],
    register_contact_oem: ['OEM 연락처', '이 이메일 주소는 OEM에 속합니다. OEM 팀 관리자에게 문의하세요.'],
    register_found_contact_no_company: [
      '회사 없음',
      '연락처는 찾았지만 회사를 찾지 못했습니다. 지원팀에 문의하세요.',
    ],
    register_contact_not_partner: ['파트너가 아님', '이 연락처는 채널 파트너로 등록되어 있지 않습니다.'],
    register_contact_not_found: [
      '연락처를 찾을 수 없음',
      '이 이메일 주소에 해당하는 연락처를 찾을 수 없습니다.',
    ],
    dell_reassign_user_doesnt_exist: ['계정을 찾을 수 없음', '재지정할 수집 계정이 없습니다.'],
    nofiles: ['파일 없음', '업로드할 파일을 하나 이상 추가하세요.'],
    only_iokit_allowed: ['잘못된 파일 형식', '.iokit 및 .siokit 파일만 허용됩니다.'],
    only_iokit_lessthen_hundred_mb_allowed: ['파일이 너무 큼', '각 파일은 100MB보다 작아야 합니다.'],
    only_iokit_and_lessthen_hundred_mb_allowed: [
      '잘못된 파일',
      '100MB보다 작은 .iokit 및 .siokit 파일만 허용됩니다.',
    ],
    siokit_upload_combined_file_size_exceeded_limit: [
      '업로드가 너무 큼',
      '파일 크기의 합계가 허용 한도를 초과합니다.',
    ],
    iokit_generic_error: ['업로드 실패', '파일을 업로드할 수 없습니다. 다시 시도하세요.'],
    siokit_upload_failed: ['업로드 실패', '파일을 하나도 처리할 수 없습니다.'],
    siokit_upload_incomplete: ['업로드 미완료', '일부 파일을 처리할 수 없습니다.'],
    iokit_cant_continue: ['계속할 수 없음', '계속하기 전에 오류가 있는 파일을 제거하세요:'],
    ticket_submitted: ['티켓 제출됨', '지원 티켓을 제출했습니다. 곧 연락드리겠습니다.'],
    retry_initiated: ['다시 시도 시작됨', '프로젝트 처리를 다시 시작했습니다.'],
    project_delete: ['프로젝트 삭제', '이 프로젝트를 삭제하시겠습니까? 이 작업은 취소할 수 없습니다.'],
    user_already_team_admin: ['이미 팀 관리자임', '이 사용자는 이미 팀의 관리자입니다.'],
    user_already_assigned_to_team: ['이미 팀에 속함', '이 사용자는 이미 팀에 지정되어 있습니다.'],
    addToTeamEmailsDontMatch: [
      '도메인이 다름',
      '선택한 모든 사용자의 이메일 주소가 같은 도메인이어야 합니다.',
    ],
    CRsRequired: ['수집 없음', '수집을 하나 이상 선택하세요.'],
    signin_throttled: [
      '로그인 시도 횟수 초과',
      '로그인에 너무 많이 실패했습니다. 몇 분 후에 다시 시도하세요.',
    ],
  },
  resources: {
    Error404: '오류 404 – 찾으시는 파일을 찾을 수 없습니다.',
    ConnectionInterrupted: '연결 중단됨 – 연결에 문제가 있는 것 같습니다.',
    AutocompleteError: '죄송합니다. 오류가 발생했습니다. 다시 시도하세요',
    NoSearchResults: '검색 결과 없음',
    ShareFailedTitle: '프로젝트를 공유할 수 없음',
    ReassignFailed: '프로젝트를 새 소유자에게 이전하는 중 오류가 발생했습니다',
  },
  modals: {
    shareTitle: '프로젝트 공유',
    anonymize: '익명화',
    publishTitle: '프로젝트 게시',
    publishText: '게시하면 공개 URL이 있는 누구나 프로젝트를 볼 수 있습니다.',
    eulaTitle: '최종 사용자 사용권 계약',
    eulaText: '이 포털을 사용하면 최종 사용자 사용권 계약에 동의하는 것입니다.',
    partnerTitle: '파트너 이용 약관',
    partnerText: '채널 파트너는 파트너 이용 약관에 동의해야 합니다.',
    language: '언어',
    country: '국가',
    disableTitle: '사용자 계정 사용 중지',
    message: '메시지',
    signedInAs: '{email}(으)로 로그인했습니다.',
    noSearchResults: '검색 결과 없음',
  },
} satisfies MessageCatalogue;
