// The error catalogue of spec §8: one stable key per message, its body code, its HTTP status and
// its text in both languages. The server answers with these; the web client reacts to code/status.

export type Locale = "zh-CN" | "en-US";
export const LOCALES: readonly Locale[] = ["zh-CN", "en-US"];

type ErrorDef = { code: number; http: number; zh: string; en: string };

const def = (code: number, http: number, zh: string, en: string): ErrorDef => ({ code, http, zh, en });

export const ERRORS = {
  // Protocol-level answers (HTTP status = body code).
  PARAM_INVALID: def(400, 400, "参数异常", "Parameter exception"),
  INPUT_CHARACTERS: def(
    400,
    400,
    "输入中含有不允许的字符（空字符或不完整的Unicode字符），请删除后重试",
    "The input contains a character that is not allowed (a NUL character or a broken Unicode character); remove it and try again",
  ),
  INPUT_TOO_DEEP: def(400, 400, "请求内容的嵌套层级过深", "The request body is nested too deeply"),
  SESSION_EXPIRED: def(
    401,
    401,
    "当前会话已过期，请重新登录",
    "Current session has expired, please log in again",
  ),
  NO_PERMISSION: def(403, 403, "没有操作权限", "No permission to operate"),
  CSRF_MISSING: def(403, 403, "防伪令牌缺失或无效", "The anti-forgery token is missing or invalid"),
  NOT_FOUND: def(404, 404, "抱歉，接口不存在", "Sorry, the interface does not exist"),
  SMS_STEP_UP_REQUIRED: def(
    406,
    406,
    "该操作需要短信验证，请输入6位验证码",
    "This operation needs SMS verification; enter the 6-digit code",
  ),
  UPGRADE_REQUIRED: def(426, 426, "客户端版本过旧，请刷新页面", "The client is out of date; reload the page"),
  RATE_LIMITED: def(429, 429, "请求过于频繁，请稍后再试", "Too many requests; please try again later"),
  SERVER_ERROR: def(500, 500, "抱歉，请求服务器错误", "Sorry, request server error"),
  SERVICE_UNAVAILABLE: def(
    503,
    503,
    "服务暂不可用或许可证无效",
    "The service is unavailable or its licence is invalid",
  ),
  REQUEST_TIMEOUT: def(504, 504, "抱歉，请求服务器超时", "Sorry, request server timed out"),
  // Business messages (HTTP 400 with a business body code; the client shows them for 3 seconds).
  WRONG_PASSWORD: def(20001, 400, "账号或密码错误", "Wrong account or password"),
  ACCOUNT_LOCKED: def(
    20002,
    400,
    "登录失败次数过多，账号已锁定，请{minutes}分钟后再试或联系管理员解锁",
    "Too many failed logins: the account is locked; try again in {minutes} minutes or ask an administrator to unlock it",
  ),
  ACCOUNT_DISABLED: def(
    20003,
    400,
    "账号已被禁用，请联系管理员",
    "The account is disabled; contact the administrator",
  ),
  VERIFY_LINK_INVALID: def(
    20004,
    400,
    "验证地址错误或已过期",
    "The verification address is wrong or has expired",
  ),
  MAIL_NOT_CONFIGURED: def(
    20005,
    400,
    "管理员未配置邮箱，无法使用邮件重置",
    "Mail reset is unavailable because e-mail is not configured by the administrator",
  ),
  NOT_VERIFIED: def(
    20006,
    400,
    "账号未实名认证，无法进行该操作",
    "The account is not verified, so the operation cannot run",
  ),
  OPERATION_NOT_PERMITTED: def(
    20007,
    400,
    "操作不被允许，请刷新页面并检查资源是否存在或账号是否已实名认证",
    "The operation is not permitted; refresh and check whether the resource exists or the account is real-name verified",
  ),
  SMS_CODE_INVALID: def(20008, 400, "验证码错误或已过期", "The verification code is wrong or has expired"),
  SIGNATURE_INVALID: def(
    20009,
    400,
    "请求签名无效或已过期",
    "The request signature is invalid or has expired",
  ),
  ACCOUNT_EXISTS: def(20010, 400, "用户名已被使用", "The user name is already in use"),
  SMS_TOO_SOON: def(
    20011,
    400,
    "验证码发送过于频繁，请{seconds}秒后重试",
    "Codes are sent too often; retry in {seconds} seconds",
  ),
  CAPTCHA_INVALID: def(20012, 400, "图形验证码错误或已过期", "The picture code is wrong or has expired"),
  INVITATION_INVALID: def(20013, 400, "邀请码无效或已过期", "The invitation code is invalid or has expired"),
  REGISTER_DISABLED: def(20014, 400, "系统暂未开放注册", "Registration is currently closed"),
  PASSWORD_SAME_AS_OLD: def(
    20015,
    400,
    "新密码不能与旧密码相同",
    "The new password must differ from the old one",
  ),
  PASSWORD_POLICY: def(
    20016,
    400,
    "密码不符合密码策略：{reason}",
    "The password does not meet the password policy: {reason}",
  ),
  PASSWORD_CONFIRM_MISMATCH: def(
    20017,
    400,
    "两次输入的密码不一致",
    "The confirmation does not match the password",
  ),
  OLD_PASSWORD_WRONG: def(20018, 400, "原密码错误", "The current password is wrong"),
  AGREEMENT_NOT_TICKED: def(
    20019,
    400,
    "请勾选已阅读《最终用户协议》",
    "Please tick to have read the End User Agreement",
  ),
  FIRST_LOGIN_DONE: def(
    20020,
    400,
    "首次登录密码已修改",
    "The first-login password has already been changed",
  ),
  CONFIG_VALUE_INVALID: def(
    20022,
    400,
    "配置项 {key} 的值格式不正确",
    "The value of {key} has the wrong format",
  ),
  EMAIL_EXISTS: def(20023, 400, "邮箱已被使用", "The e-mail address is already in use"),
  MOBILE_EXISTS: def(20024, 400, "手机号已被使用", "The phone number is already in use"),
  PASSWORD_CHANGE_REQUIRED: def(
    20025,
    400,
    "请先设置新密码后再继续",
    "Set a new password before you continue",
  ),
  PHONE_NOT_BOUND: def(
    20021,
    400,
    "账号未绑定手机号，无法发送验证码",
    "The account has no phone number to send a code to",
  ),
  // Identity: uploads, verification, access control, access keys (24xxx).
  FILE_TYPE_INVALID: def(
    24001,
    400,
    "文件“{name}”的类型不被允许，仅支持 {allowed}",
    'The file "{name}" is not of an allowed type; allowed: {allowed}',
  ),
  FILE_TOO_LARGE: def(24002, 400, "文件“{name}”超过 {max} MB", 'The file "{name}" is larger than {max} MB'),
  FILE_REQUIRED: def(24003, 400, "请上传{what}", "Please upload {what}"),
  TOO_MANY_FILES: def(24004, 400, "最多上传 {max} 个文件", "At most {max} files can be uploaded"),
  ID_NUMBER_INVALID: def(
    24005,
    400,
    "身份证号码格式不正确或校验位错误",
    "The ID card number is malformed or its check digit is wrong",
  ),
  VERIFICATION_IN_REVIEW: def(
    24006,
    400,
    "认证资料正在审核中，审核需要1-2天，请耐心等待",
    "Your verification is under review; review takes 1 to 2 days",
  ),
  VERIFICATION_DONE: def(24007, 400, "账号已通过实名认证", "The account is already verified"),
  VERIFICATION_NOT_PENDING: def(
    24008,
    400,
    "该认证申请不在待审核状态",
    "This verification request is not awaiting review",
  ),
  VERIFICATION_ADMIN_ONLY: def(
    24009,
    400,
    "只有租户管理员可以提交实名认证",
    "Only the tenant administrator can submit verification",
  ),
  REMARK_REQUIRED: def(24010, 400, "驳回时请填写审核意见", "Give a remark when rejecting"),
  CREDIT_CODE_INVALID: def(
    24011,
    400,
    "统一社会信用代码格式不正确或校验位错误",
    "The unified social credit code is malformed or its check character is wrong",
  ),
  NAME_EXISTS: def(24020, 400, "名称“{name}”已存在", 'The name "{name}" is already in use'),
  BUILT_IN_READ_ONLY: def(
    24021,
    400,
    "内置对象不能修改或删除",
    "Built-in objects cannot be changed or deleted",
  ),
  NOT_CREATOR: def(
    24022,
    400,
    "共享对象只有创建者可以修改或删除",
    "Only the creator may change or delete a shared object",
  ),
  LAST_GROUP_REMOVAL: def(
    24023,
    400,
    "移除用户的最后一个用户组将取消其平台访问权限，请确认后再操作",
    "Removing the user's last group removes their platform access; confirm to continue",
  ),
  INHERITED_PERMISSION: def(
    24024,
    400,
    "从用户组继承的权限不能从用户上移除",
    "Permissions inherited from a user group cannot be removed from the user",
  ),
  CANNOT_ACT_ON_SELF: def(24025, 400, "不能对自己的账号执行此操作", "You cannot do this to your own account"),
  GROUP_HAS_CHILDREN: def(
    24026,
    400,
    "该用户组下还有子用户组，请先删除子用户组",
    "The group has child groups; delete them first",
  ),
  POLICY_INVALID: def(24027, 400, "策略设置无效：{reason}", "The policy is invalid: {reason}"),
  GROUP_PARENT_CYCLE: def(
    24028,
    400,
    "上级用户组不能是该用户组自身或其下级用户组",
    "The parent group cannot be the group itself or one of its sub-groups",
  ),
  // Granting and managing only within the actor's own rights (issue 11 §7): HTTP 403 with a
  // business code of its own, so the console shows the reason instead of the 403 page.
  GRANT_EXCEEDS_OWN: def(
    24029,
    403,
    "只能授予您自己拥有的权限，您没有：{codes}",
    "You can grant only permissions you hold yourself; you do not hold {codes}",
  ),
  ADMIN_GROUP_SCOPE_REQUIRED: def(
    24030,
    403,
    "只有可查看整个组织数据的用户才能把用户加入管理员用户组",
    "Only a user who sees the whole organisation's data may put users in the administrator group",
  ),
  PROJECT_SCOPE_REQUIRED: def(
    24031,
    403,
    "只能向您所属的项目添加成员",
    "You can add members only to projects you belong to",
  ),
  TARGET_EXCEEDS_OWN: def(
    24032,
    403,
    "该用户拥有您没有的权限或数据范围，您不能管理该用户",
    "This user holds permissions or a data scope you do not hold, so you cannot manage them",
  ),
  ACCESS_KEY_LIMIT: def(
    24040,
    400,
    "每个用户最多可创建 {max} 个访问密钥",
    "A user can have at most {max} access keys",
  ),
  ACCESS_KEY_INVALID: def(
    24041,
    400,
    "访问密钥不存在或已停用",
    "The access key does not exist or is disabled",
  ),
  PHONE_NOT_VERIFIED: def(
    24044,
    400,
    "您的手机号尚未验证，请先在个人资料页完成验证",
    "Your phone number is not verified yet; verify it on your profile page first",
  ),
  STEP_UP_PHONE_REQUIRED: def(
    24045,
    400,
    "该操作需要短信验证，请先在个人资料页绑定手机号",
    "This operation needs SMS verification; bind a phone number on your profile page first",
  ),
  MOBILE_ALREADY_VERIFIED: def(24046, 400, "手机号已验证", "The phone number is already verified"),
  TARGET_PHONE_NOT_VERIFIED: def(
    24047,
    400,
    "该用户的手机号尚未验证，不能向其发送临时密码",
    "The user's phone number is not verified yet, so no temporary password can be sent to it",
  ),
  EMAIL_UNCHANGED: def(24042, 400, "新邮箱与当前邮箱相同", "The new e-mail is the same as the current one"),
  MOBILE_UNCHANGED: def(
    24043,
    400,
    "新手机号与当前手机号相同",
    "The new phone number is the same as the current one",
  ),
  // Business messages of spec §8 used by later services.
  EXPORT_FAILED: def(21001, 400, "导出失败", "Export failed"),
  DELETE_FAILED: def(21002, 400, "删除失败", "Delete failed"),
  CREATE_FAILED: def(21003, 400, "创建失败", "Creation failed"),
  PROCESS_FAILED: def(21004, 400, "处理失败", "Processing failed"),
  UNSUBSCRIBE_ERROR: def(21005, 400, "退订异常", "Unsubscribe error"),
  ACTIVATION_FAILED: def(21006, 400, "开通失败", "Activation failed"),
  RENEWAL_FAILED: def(21007, 400, "续订失败", "Renewal failed"),
  DOWNLOAD_FAILED: def(21008, 400, "下载失败", "Download failed"),
  GENERATION_FAILED: def(21009, 400, "生成失败", "Generation failed"),
  TOPUP_FAILED: def(21010, 400, "充值失败", "Top-up failed"),
  SERVICE_PENDING_LISTING: def(
    22001,
    400,
    "该服务待上架，请管理员先上架",
    "The service is pending listing; an administrator must list it first",
  ),
  PRODUCT_NOT_LISTED: def(22002, 400, "套餐包或产品未上架", "The package bundle or product is not listed"),
  RUNNING_JOB_BLOCKS_UNSUBSCRIBE: def(
    22003,
    400,
    "存在运行中的作业，无法退订",
    "A running job prevents unsubscribe",
  ),
  DEDICATED_IN_USE: def(
    22004,
    400,
    "专属资源仍在使用中，请先退订",
    "A dedicated resource is still in use; unsubscribe first",
  ),
  AI_POOL_FIRST: def(22005, 400, "请先退订AI资源池", "An AI resource pool must be unsubscribed first"),
  SERVICE_CONFIG_EMPTY: def(
    22006,
    400,
    "服务配置为空，请联系管理员",
    "The service configuration is empty; contact the administrator",
  ),
  YAML_CONFIG_EMPTY: def(22007, 400, "YAML配置为空", "The YAML configuration is empty"),
  CONFIG_UNCHANGED: def(22008, 400, "配置未发生变化", "The configuration has not changed"),
  CASH_VOUCHER_NOT_FOUND: def(23001, 400, "现金券不存在", "The cash voucher does not exist"),
  EXPORT_PERIOD_TOO_LONG: def(
    23002,
    400,
    "所选账期超过三个月",
    "The selected billing period exceeds three months",
  ),
  PRICE_NOT_CALCULABLE: def(23003, 400, "无法计算价格", "The price cannot be calculated"),
  COUPON_EXCEEDS_ORDER: def(
    23004,
    400,
    "优惠券金额超过订单金额，超出部分不予退还",
    "A coupon exceeds the order and the excess is not refunded",
  ),
  COUPON_NOT_FOUND: def(23005, 400, "优惠券编号不存在", "The coupon number does not exist"),
  INSUFFICIENT_BALANCE: def(23006, 400, "余额不足", "Insufficient balance"),
  POSTPAID_MINIMUM_BALANCE: def(
    23040,
    400,
    "按需计费需账户可用金额不少于 {minimum} 元（该订单前 {hours} 小时的费用），当前可用 {available} 元，请先充值",
    "A postpaid order needs at least {minimum} yuan available (its first {hours} hours); {available} yuan is available now, please top up first",
  ),
  IDEMPOTENCY_CONFLICT: def(
    23007,
    400,
    "幂等键已用于不同的请求参数",
    "The idempotency key was already used with different parameters",
  ),
  IDEMPOTENCY_KEY_REQUIRED: def(
    23008,
    400,
    "缺少或无效的幂等键（Idempotency-Key，8到128个字符）",
    "The Idempotency-Key header is missing or invalid (8 to 128 characters)",
  ),
  CASH_VOUCHER_UNAVAILABLE: def(
    23009,
    400,
    "现金券已被领取、作废或已过期",
    "The cash voucher was already redeemed, voided or has expired",
  ),
  TOPUP_CHANNEL_OFF: def(23010, 400, "该充值渠道未开启", "This top-up channel is switched off"),
  TOPUP_NOT_PAYABLE: def(
    23011,
    400,
    "该充值单已支付、已取消或已过期",
    "This top-up was already paid, cancelled or has expired",
  ),
  ADJUSTMENT_SELF_APPROVAL: def(
    23012,
    400,
    "调账申请须由另一位运营管理员审批",
    "A second operator must approve this adjustment",
  ),
  ADJUSTMENT_NOT_PENDING: def(23013, 400, "该调账申请已处理", "This adjustment was already decided"),
  CREDIT_LIMIT_BELOW_USED: def(
    23014,
    400,
    "信用额度不能低于已使用的信用额度",
    "The credit limit cannot be lower than the credit already used",
  ),
  COUPON_UNAVAILABLE: def(
    23015,
    400,
    "优惠券不可用（已使用、作废、过期或已分发）",
    "The coupon is not available (used, voided, expired or already distributed)",
  ),
  DOWNLOAD_NOT_READY: def(23016, 400, "文件尚未生成完成", "The file is not ready yet"),
  TOPUP_AMOUNT_NOT_PAYABLE: def(
    23017,
    400,
    "该支付渠道不支持此金额（须精确到分且不超过渠道限额）",
    "This channel cannot take this amount (whole fen, within the channel's limit)",
  ),
  // Operators' money controls (issue 11 §5, §6): four-eyes, configured maxima, failed notifications.
  MONEY_ABOVE_MAXIMUM: def(23100, 400, "{what}不能超过 {max} 元", "{what} cannot exceed {max} yuan"),
  FOUR_EYES_SELF_APPROVAL: def(
    23101,
    400,
    "该申请须由另一位运营管理员审批",
    "Another operator must decide this request; you cannot decide your own",
  ),
  FOUR_EYES_NOT_PENDING: def(23102, 400, "该申请已处理", "This request was already decided"),
  CONFIG_NEEDS_APPROVAL: def(
    23103,
    400,
    "资金管控配置（{key}）须提交变更申请，由另一位平台管理员审批后生效",
    "The money-control setting {key} changes only through a proposal that another platform administrator approves",
  ),
  EVIDENCE_REQUIRED: def(
    23104,
    400,
    "请上传到账凭证（如银行回单，JPG、PNG 或 PDF）",
    "Attach the evidence of payment (e.g. the bank slip, as JPG, PNG or PDF)",
  ),
  PAYMENT_FAILURE_NOT_OPEN: def(
    23105,
    400,
    "该支付通知已处理",
    "This payment notification was already dealt with",
  ),
  EVIDENCE_ALREADY_USED: def(
    23107,
    400,
    "该凭证已用于另一笔线下充值",
    "This evidence is already attached to another manual recharge",
  ),
  CONFIG_CHANGE_EMPTY: def(23106, 400, "变更申请没有改变任何配置值", "The proposal changes no value"),
  // Catalogue and pricing (issue 5).
  CATEGORY_IN_USE: def(
    25001,
    400,
    "该分类下仍有产品或计费策略，无法删除",
    "The category still has products or billing policies and cannot be deleted",
  ),
  BILLING_POLICY_IN_USE: def(
    25002,
    400,
    "该计费策略已关联产品，无法删除",
    "The billing policy is assigned to a product and cannot be deleted",
  ),
  PRICING_NOT_CONFIGURED: def(
    25003,
    400,
    "产品定价未配置完整，无法上架",
    "The product's pricing is not configured, so it cannot be listed",
  ),
  LISTING_TRANSITION_INVALID: def(
    25004,
    400,
    "产品当前状态不能变更为该上架状态",
    "The product cannot move from its current listing state to that one",
  ),
  PRICING_DIMENSION_UNKNOWN: def(
    25005,
    400,
    "定价项“{dimension}”不属于该产品的规格",
    'The pricing item "{dimension}" is not part of the product\'s specification',
  ),
  PRICING_ROW_EXISTS: def(
    25006,
    400,
    "定价项“{dimension}”已配置",
    'The pricing item "{dimension}" is already configured',
  ),
  // SSH key pairs (issue 5 §5).
  KEY_PAIR_PUBLIC_KEY_INVALID: def(
    25100,
    400,
    "公钥格式不正确：请粘贴一行 OpenSSH 公钥（ssh-rsa、ssh-ed25519 或 ecdsa-sha2-nistp256 开头）",
    "The public key is not valid: paste one OpenSSH public key line (starting ssh-rsa, ssh-ed25519 or ecdsa-sha2-nistp256)",
  ),
  KEY_PAIR_TYPE_MISMATCH: def(
    25101,
    400,
    "公钥内容的类型（{actual}）与声明的类型（{declared}）不一致",
    "The key inside the public key is of type {actual}, not the declared {declared}",
  ),
  KEY_PAIR_PROJECT_INVALID: def(25102, 400, "所选项目不存在", "The selected project does not exist"),
  // Orders, approvals and resources (issue 5 §3–§6).
  ORDER_NOT_PENDING: def(
    26001,
    400,
    "该订单已不在待审批状态，请刷新后查看",
    "The order is no longer waiting for approval; refresh to see its state",
  ),
  SAME_APPROVER: def(
    26002,
    400,
    "二级审批须由另一位管理员完成",
    "The second approval level must be given by another administrator",
  ),
  ORDER_PROJECT_INVALID: def(
    26003,
    400,
    "所选项目不存在或不在您的数据范围内",
    "The selected project does not exist or is outside your data scope",
  ),
  ORDER_KEY_PAIR_INVALID: def(26004, 400, "所选密钥对不存在", "The selected key pair does not exist"),
  QUOTA_EXCEEDED: def(
    26005,
    400,
    "配额不足：{metric}已用{used}，申请{requested}，上限{limit}",
    "Quota exceeded: {metric} in use {used}, requested {requested}, limit {limit}",
  ),
  RESOURCE_STATE_INVALID: def(
    26006,
    400,
    "资源当前状态（{status}）不允许该操作",
    "The resource cannot do this while it is {status}",
  ),
  RESOURCE_ATTACHED: def(
    26007,
    400,
    "该主机仍挂载着云硬盘或绑定着弹性公网IP，请先卸载或解绑",
    "Disks or elastic IPs are still attached to this host; detach or unbind them first",
  ),
  RESOURCE_NOT_PREPAID: def(26008, 400, "按需计费的资源无需续订", "Postpaid resources are not renewed"),
  RESOURCE_EXPIRED: def(
    26009,
    400,
    "资源已到期，请先续订再变更配置",
    "The resource has expired; renew it before changing its configuration",
  ),
  ALIGNMENT_TOO_LONG: def(
    26010,
    400,
    "对齐到期时间最多延长10天",
    "Aligning the expiry may extend a resource by at most 10 days",
  ),
  ELASTIC_IP_ALREADY_BOUND: def(
    26020,
    400,
    "该主机已绑定弹性公网IP（{name}），一台主机只能绑定一个弹性公网IP",
    "This host already has an elastic IP ({name}); a host can have only one",
  ),
  SNAPSHOT_HOST_NOT_STOPPED: def(
    26021,
    400,
    "请先关机再回滚快照（主机当前状态：{status}）",
    "Stop the host before rolling back a snapshot (the host is {status})",
  ),
  // Manual activation (issue 5 "Orders and approvals").
  ORDER_NOT_AWAITING_ACTIVATION: def(
    26050,
    400,
    "该订单已不在待人工开通状态，请刷新后查看",
    "The order is no longer waiting for manual activation; refresh to see its state",
  ),
  // Orders returned to the tenant (驳回) at approval level 1: resubmitted or withdrawn.
  ORDER_NOT_RETURNED: def(
    26070,
    400,
    "该订单已不在驳回待处理状态，无法重新提交或撤回，请刷新后查看",
    "The order is no longer returned to you, so it cannot be resubmitted or withdrawn; refresh to see its state",
  ),
  // Third-party services (云管平台 third-party cloud service): delivered at a partner's cloud by hand.
  THIRD_PARTY_REFERENCE_REQUIRED: def(
    26080,
    400,
    "开通第三方服务须填写第三方实例标识（1～128个字符）",
    "Activating a third-party service needs the partner's instance reference (1 to 128 characters)",
  ),
  THIRD_PARTY_ONE_PER_ORDER: def(
    26081,
    400,
    "第三方服务由管理员逐个交付，每个订单只能订购1个",
    "Third-party services are delivered one by one by an administrator: order one at a time",
  ),
  // Disk expansion and elastic IP bandwidth changes (`/service/resize_resource`).
  DISK_SIZE_OUT_OF_RANGE: def(
    26040,
    400,
    "云硬盘容量须为{min}～{max} GB 的整数",
    "A disk's size must be a whole number of GB from {min} to {max}",
  ),
  DISK_SIZE_NOT_LARGER: def(
    26041,
    400,
    "扩容后的容量须大于当前容量 {current} GB，云硬盘不支持缩容",
    "The new size must be larger than the current {current} GB; disks cannot shrink",
  ),
  DISK_SIZE_BELOW_USED: def(
    26042,
    400,
    "扩容后的容量须大于已用容量 {used} GB",
    "The size after the adjustment must exceed the {used} GB in use",
  ),
  DISK_EXPANSION_STEP_TOO_LARGE: def(
    26043,
    400,
    "单次扩容最多增加 {max} GB",
    "One expansion may add at most {max} GB",
  ),
  DISK_EXPANSION_DAILY_LIMIT: def(
    26044,
    400,
    "每块云硬盘每天最多扩容{limit}次，请于 {next} 后再试",
    "A disk can be expanded {limit} time(s) a day; try again after {next}",
  ),
  DISK_EXPANSION_WEEKLY_LIMIT: def(
    26045,
    400,
    "每块云硬盘每周最多扩容{limit}次，请于 {next} 后再试",
    "A disk can be expanded {limit} times a week; try again after {next}",
  ),
  // The same rules for file shares and elastic files (packages/billing storage-capacity.ts); a
  // disk keeps its own codes above.
  STORAGE_SIZE_OUT_OF_RANGE: def(
    29601,
    400,
    "容量须为{min}～{max} GB 之间 {step} GB 的整数倍",
    "The capacity must be a whole multiple of {step} GB from {min} to {max} GB",
  ),
  STORAGE_SIZE_NOT_LARGER: def(
    29602,
    400,
    "调整后的容量须大于当前容量 {current} GB，该服务不支持缩容",
    "The new capacity must be larger than the current {current} GB; this service cannot shrink",
  ),
  STORAGE_SIZE_BELOW_USED: def(
    29603,
    400,
    "调整后的容量须大于已用容量 {used} GB",
    "The capacity after the change must exceed the {used} GB in use",
  ),
  STORAGE_STEP_TOO_LARGE: def(
    29604,
    400,
    "单次调整容量最多增减 {max} GB",
    "One change may add or remove at most {max} GB",
  ),
  STORAGE_DAILY_LIMIT: def(
    29605,
    400,
    "每天最多调整容量{limit}次，请于 {next} 后再试",
    "The capacity can be changed {limit} time(s) a day; try again after {next}",
  ),
  STORAGE_WEEKLY_LIMIT: def(
    29606,
    400,
    "每周最多调整容量{limit}次，请于 {next} 后再试",
    "The capacity can be changed {limit} times a week; try again after {next}",
  ),
  FILE_CHOICE_INVALID: def(
    29610,
    400,
    "请选择该产品提供的协议（{protocols}）",
    "Choose a protocol this product offers ({protocols})",
  ),
  FILE_RULE_CIDR_INVALID: def(
    29611,
    400,
    "客户端地址须为 IPv4 网段，如 192.168.0.0/24（主机位须为0）",
    "The client address must be an IPv4 network such as 192.168.0.0/24 (host bits zero)",
  ),
  FILE_RULE_CIDR_OVERLAP: def(
    29612,
    400,
    "客户端网段与已有规则 {cidr} 重叠",
    "The client network overlaps the existing rule {cidr}",
  ),
  FILE_RULE_PRIORITY_INVALID: def(
    29613,
    400,
    "优先级须为0～100的整数，0为最高",
    "The priority must be a whole number from 0 to 100, 0 the highest",
  ),
  FILE_RULES_FULL: def(
    29614,
    400,
    "每个文件系统最多{max}条访问规则",
    "A share holds at most {max} access rules",
  ),
  FILE_RULE_NOT_FOUND: def(29615, 404, "访问规则不存在", "The access rule does not exist"),
  FILE_SHARE_NOT_READY: def(
    29616,
    400,
    "文件系统尚未就绪（{status}），暂不能修改访问规则",
    "The share is not ready ({status}); its access rules cannot be changed now",
  ),
  BANDWIDTH_OUT_OF_RANGE: def(
    26046,
    400,
    "带宽须为{min}～{max} Mbit/s 的整数",
    "The bandwidth must be a whole number of Mbit/s from {min} to {max}",
  ),
  DISK_TYPE_UNCHANGEABLE: def(
    26047,
    400,
    "云硬盘类型不能变更，只能扩容",
    "A disk's type cannot be changed, only its size",
  ),
  // Packages (`/bag`).
  PACKAGE_DISCOUNT_OVERLAP: def(
    26030,
    400,
    "该期间已有生效的优惠包，优惠包每期一个且不可叠加",
    "A discount package already covers this period; only one per period, and they cannot be stacked",
  ),
  PACKAGE_NOT_UNSUBSCRIBABLE: def(
    26031,
    400,
    "套餐包不可退订：优惠包不可退订，资源包抵扣至用完或到期",
    "Packages cannot be unsubscribed: a discount package never, a resource package runs until used up or expired",
  ),
  PACKAGE_OFFER_CODE_TAKEN: def(
    26032,
    400,
    "套餐包编码已存在",
    "A package offer with this code already exists",
  ),
  PACKAGE_PRODUCT_UNKNOWN: def(
    26033,
    400,
    "套餐包适用的产品或规格不存在",
    "The product or dimension the package applies to does not exist",
  ),
  PACKAGE_OFFER_IN_USE: def(
    26034,
    400,
    "该套餐包已有租户购买，只能下架不能删除",
    "Tenants have bought this package; delist it instead of deleting it",
  ),
  PACKAGE_QUANTITY_INVALID: def(
    26035,
    400,
    "优惠包每次只能购买一个",
    "Discount packages are bought one at a time",
  ),
  // Renewal coupons (docs/billing/rules.md §9.4).
  RENEW_COUPON_ONE_RESOURCE: def(
    26060,
    400,
    "优惠券仅可用于单个资源的续订，请单独续订该资源",
    "A coupon can only be used when renewing one resource; renew that resource on its own",
  ),
  COUPON_NOT_APPLICABLE: def(
    26061,
    400,
    "该优惠券不适用于本次订单或续订（已使用、未生效、已过期、不适用于该产品或付费方式，或未达到使用门槛）",
    "The coupon does not apply to this order or renewal (used, not yet valid, expired, not for this product or payment type, or below its spending threshold)",
  ),
  // HPC clusters and pools (issue 14).
  HPC_CLUSTER_UNREACHABLE: def(
    27100,
    400,
    "无法连接该集群，未保存任何内容：{reason}",
    "The cluster did not answer, so nothing was saved: {reason}",
  ),
  HPC_CLUSTER_NAME_TAKEN: def(27101, 400, "集群名称已存在", "A cluster with this name already exists"),
  HPC_CLUSTER_DISABLED: def(
    27102,
    400,
    "该集群已停用，不能开通新的资源池",
    "The cluster is disabled; no new pools can be provisioned on it",
  ),
  HPC_CLUSTER_UNKNOWN: def(
    27103,
    400,
    "产品所在的集群不存在",
    "The cluster the product runs on does not exist",
  ),
  HPC_MEMBER_NOT_ELIGIBLE: def(
    27104,
    400,
    "只能添加本组织中拥有“HPC使用”权限的已启用用户",
    "Only enabled users of the organisation who hold the HPC use permission set can be added",
  ),
  HPC_MEMBER_EXISTS: def(27105, 400, "该用户已是资源池成员", "The user is already a member of the pool"),
  HPC_POOL_NOT_ACTIVE: def(
    27106,
    400,
    "资源池当前状态为{status}，不能进行该操作",
    "The pool is {status}; this cannot be done now",
  ),
  HPC_CLUSTER_FAILED: def(
    27107,
    400,
    "集群拒绝了该操作：{reason}",
    "The cluster refused the operation: {reason}",
  ),
  // The HPC job console (issue 14 item 5): nothing is submitted when one of these is answered.
  HPC_JOB_NOT_MEMBER: def(
    27120,
    400,
    "您不是该资源池的成员，不能提交作业；请联系管理员在资源池详情页将您添加为成员",
    "You are not a member of this pool, so you cannot submit jobs to it; ask an administrator to add you on the pool's page",
  ),
  HPC_JOB_POOL_HELD: def(
    27121,
    400,
    "该资源池的新作业已被暂停（{reason}），作业未提交",
    "New jobs of this pool are held ({reason}); the job was not submitted",
  ),
  HPC_JOB_OVER_LIMIT: def(
    27122,
    400,
    "作业申请的{what}为{asked}，超过了{source}的上限{max}，作业未提交",
    "The job asks for {asked} {what}, above the {source} limit of {max}; the job was not submitted",
  ),
  HPC_JOB_NO_GPUS: def(
    27123,
    400,
    "该资源池没有GPU，作业不能申请GPU",
    "This pool has no GPUs; a job on it cannot ask for GPUs",
  ),
  HPC_JOB_SCRIPT_EMPTY: def(27124, 400, "作业脚本不能为空", "The batch script is empty"),
  HPC_JOB_SCRIPT_SHEBANG: def(
    27125,
    400,
    "作业脚本第一行须以#!开头，例如 #!/bin/bash",
    "The batch script's first line must start with #!, e.g. #!/bin/bash",
  ),
  HPC_JOB_SCRIPT_TOO_LARGE: def(
    27126,
    400,
    "作业脚本不能超过{max} KB",
    "The batch script cannot be larger than {max} KB",
  ),
  HPC_JOB_PARTITION: def(
    27127,
    400,
    "该资源池的作业只能提交到分区{partition}",
    "Jobs of this pool can only be submitted to partition {partition}",
  ),
  HPC_JOB_CLUSTER_LIMIT: def(
    27128,
    400,
    "集群拒绝了该作业：申请的资源超出分区或资源池的限制。集群返回：{reason}",
    "The cluster refused the job: it asks for more than the partition or the pool allows. The cluster said: {reason}",
  ),
  HPC_JOB_CLUSTER_HELD: def(
    27129,
    400,
    "集群暂停了该资源池的新作业（排队作业数已达上限，或资源池因欠费或冻结被暂停）。集群返回：{reason}",
    "The cluster holds new jobs of this pool (too many jobs queued, or the pool is held for arrears or frozen). The cluster said: {reason}",
  ),
  HPC_JOB_CLUSTER_INVALID: def(
    27130,
    400,
    "集群认为该作业无效。集群返回：{reason}",
    "The cluster found the job invalid. The cluster said: {reason}",
  ),
  HPC_JOB_CLUSTER_REFUSED: def(
    27131,
    400,
    "集群拒绝了该作业。集群返回：{reason}",
    "The cluster refused the job. The cluster said: {reason}",
  ),
  HPC_JOB_CLUSTER_UNREACHABLE: def(
    27132,
    400,
    "无法连接集群，操作未完成，请稍后重试：{reason}",
    "The cluster did not answer, so nothing was done; try again later: {reason}",
  ),
  HPC_JOB_NOT_YOURS: def(
    27133,
    400,
    "只能取消或查看自己的作业；处理他人的作业需要“HPC运维”权限",
    "You can cancel and read only your own jobs; other members' jobs need the HPC operation permission set",
  ),
  HPC_JOB_ENDED: def(
    27134,
    400,
    "作业已结束（{state}），无需取消",
    "The job has already ended ({state}); there is nothing to cancel",
  ),
  HPC_NODES_OUT_OF_RANGE: def(
    27108,
    400,
    "专属资源池的节点数须为1到{max}个",
    "A dedicated pool takes from 1 to {max} nodes",
  ),
  HPC_NODES_UNAVAILABLE: def(
    27109,
    400,
    "集群分区{partition}现有{free}个节点可预留，申请需要{nodes}个，申请仍待处理",
    "Partition {partition} has {free} nodes free to reserve and the application needs {nodes}; it stays pending",
  ),
  // Closing a dedicated pool application on /mgt/innerservice (issue 14 item 3).
  HPC_DEDICATED_NOT_CLOSABLE: def(
    27150,
    400,
    "只能关闭待开通或运行中的专属资源池申请，该申请已结束",
    "Only a pending or running dedicated pool application can be closed; this one has already ended",
  ),
  HPC_ACTIVATION_CLUSTER_UNREACHABLE: def(
    27151,
    400,
    "无法查询集群的空闲节点，申请仍待处理，请稍后重试：{reason}",
    "The cluster's free nodes could not be read, so the application stays pending; try again later: {reason}",
  ),
  HPC_LOGIN_HOST_MISSING: def(
    27140,
    400,
    "该资源池所在的集群未配置登录节点，无法打开终端",
    "The pool's cluster has no login host, so no terminal can be opened",
  ),
  HPC_LOGIN_HOST_REFUSED: def(
    27141,
    400,
    "登录节点拒绝了SSH连接：{reason}",
    "The login host refused the SSH connection: {reason}",
  ),
  HPC_TERMINAL_NOT_MEMBER: def(
    27142,
    400,
    "只有资源池成员才能打开终端，请先由管理员将您添加为成员",
    "Only members of the pool can open a terminal; ask an administrator to add you as a member",
  ),
  HPC_TERMINAL_TICKET_INVALID: def(
    27143,
    400,
    "终端连接凭证无效或已过期，请重新连接",
    "The terminal's connection ticket is invalid or has expired; connect again",
  ),
  HPC_TERMINAL_IDLE: def(
    27144,
    400,
    "终端空闲超过{minutes}分钟，已断开",
    "The terminal was idle for more than {minutes} minutes and was disconnected",
  ),
  HPC_TERMINAL_SESSION_ENDED: def(
    27145,
    400,
    "您已退出登录或会话已过期，终端已断开",
    "You signed out or your session expired, so the terminal was disconnected",
  ),
  HPC_TERMINAL_SHELL_EXITED: def(27146, 400, "终端已退出", "The shell exited"),
  // The login host's key pinned (decision 0012) and job output read over SFTP.
  HPC_LOGIN_HOST_KEY_MISSING: def(
    27160,
    400,
    "该集群登录节点的主机密钥尚未登记，平台不会连接该节点；请联系平台运营人员登记",
    "The key of the cluster's login host has not been recorded, so Skyledger will not connect to it; ask the platform operator to record it",
  ),
  HPC_LOGIN_HOST_KEY_CHANGED: def(
    27161,
    400,
    "HPC登录节点的主机密钥已变化（登记的是{recorded}，本次出示的是{seen}），可能存在中间人攻击，已拒绝连接；请联系平台运营人员核实",
    "The HPC login host's key has changed (recorded {recorded}, shown now {seen}): possibly a man-in-the-middle attack, so the connection was refused; ask the platform operator to check",
  ),
  HPC_JOB_OUTPUT_UNREADABLE: def(
    27162,
    400,
    "无法从登录节点读取作业输出：{reason}",
    "The job's output could not be read from the login host: {reason}",
  ),
  HPC_HOST_KEY_SCAN_FAILED: def(
    27163,
    400,
    "无法连接登录节点{loginHost}读取其主机密钥：{reason}",
    "Could not reach the login host {loginHost} to read its key: {reason}",
  ),
  HPC_CLUSTER_NO_LOGIN_HOST: def(
    27164,
    400,
    "该集群未配置登录节点，请先填写登录节点再登记其主机密钥",
    "The cluster has no login host; set one before recording its key",
  ),
  // The catalogue's check of an HPC or AI pool product's cluster (issue 14 item 1).
  CATALOG_CLUSTER_UNKNOWN: def(
    27170,
    400,
    "产品规格中的集群（{clusterId}）不是已登记的集群，产品未保存；请选择已登记的集群",
    "The product's cluster ({clusterId}) is not a registered cluster, so the product was not saved; choose a registered cluster",
  ),
  CATALOG_CLUSTER_DISABLED: def(
    27171,
    400,
    "集群“{name}”已停用，产品未保存；请选择未停用的集群",
    'The cluster "{name}" is disabled, so the product was not saved; choose a cluster that is not disabled',
  ),
  // Training jobs of the AI development platform (issue 14 item 4).
  TRAINING_YAML_MALFORMED: def(
    27200,
    400,
    "YAML配置格式错误（第{line}行）：{reason}",
    "The YAML configuration is malformed (line {line}): {reason}",
  ),
  TRAINING_YAML_NOT_MAPPING: def(
    27201,
    400,
    "YAML配置必须是“字段: 值”的映射，例如 command: python train.py",
    "The YAML configuration must be a mapping of fields, e.g. command: python train.py",
  ),
  TRAINING_FIELD_INVALID: def(
    27202,
    400,
    "训练作业定义中的{field}无效：{rule}",
    "The training job's {field} is invalid: {rule}",
  ),
  TRAINING_OVER_LIMIT: def(
    27203,
    400,
    "申请的{resource}为{asked}，超过了资源池的上限{limit}，未提交任何作业",
    "{resource}: {asked} asked, over the pool's limit of {limit}; nothing was submitted",
  ),
  TRAINING_POOL_NOT_AI: def(
    27204,
    400,
    "训练作业只能提交到AI资源池",
    "Training jobs run only on an AI resource pool",
  ),
  TRAINING_NOT_MEMBER: def(
    27205,
    400,
    "您不是该资源池的成员，没有可用于运行作业的集群用户，请联系管理员添加",
    "You are not a member of the pool, so there is no cluster user to run the job as; ask an administrator to add you",
  ),
  TRAINING_POOL_HELD: def(
    27206,
    400,
    "资源池暂停接收新作业（{reason}），未提交任何作业",
    "The pool takes no new jobs now ({reason}); nothing was submitted",
  ),
  TRAINING_JOB_ENDED: def(27207, 400, "该训练作业已结束", "The training job has already ended"),
  AI_PLATFORM_NOT_ENABLED: def(
    27210,
    400,
    "尚未开通AI开发平台，请先开通",
    "The AI development platform is not enabled; enable it first",
  ),
  AI_PLATFORM_ALREADY_ENABLED: def(
    27211,
    400,
    "本组织已开通或正在开通AI开发平台，每个组织只能开通一个",
    "Your organisation already has the AI development platform (or an order for it); only one is allowed",
  ),
  AI_PLATFORM_FROZEN: def(
    27212,
    400,
    "本组织的AI开发平台已冻结（欠费或到期），请充值或联系管理员后再提交训练作业",
    "Your organisation's AI development platform is frozen (arrears or expiry); top up or contact your administrator, then submit again",
  ),
  // Security groups (issue 15 item 3, CB09).
  SECURITY_GROUP_BOUND: def(
    28100,
    400,
    "该安全组仍绑定云主机（{hosts}），请先解绑后再删除",
    "The security group is still bound to hosts ({hosts}); unbind them before deleting it",
  ),
  SECURITY_GROUP_REFERENCED: def(
    28101,
    400,
    "该安全组被其他安全组的规则作为授权对象引用（{groups}），请先删除这些规则",
    "Rules of other security groups name this group as their authorised object ({groups}); delete those rules first",
  ),
  SECURITY_GROUP_DEFAULT: def(
    28102,
    400,
    "默认安全组不能删除",
    "The default security group cannot be deleted",
  ),
  SECURITY_RULE_DUPLICATE: def(
    28103,
    400,
    "相同的规则已存在（优先级{priority}），不能重复添加",
    "The same rule already exists (priority {priority}); it cannot be added twice",
  ),
  SECURITY_RULE_REMOTE_GROUP: def(
    28104,
    400,
    "授权对象安全组不存在或不属于本组织",
    "The authorised security group does not exist or is not your organisation's",
  ),
  SECURITY_HOST_STATE: def(
    28105,
    400,
    "云主机{name}当前状态下不能绑定或解绑安全组，请在运行中或已关机时操作",
    "Host {name} cannot have security groups bound or unbound in its current state; do it while it is running or stopped",
  ),
  SECURITY_HOST_BOUND: def(
    28106,
    400,
    "云主机{name}已绑定该安全组",
    "Host {name} is already bound to this group",
  ),
  SECURITY_HOST_NOT_BOUND: def(
    28107,
    400,
    "云主机{name}未绑定该安全组",
    "Host {name} is not bound to this group",
  ),
  SECURITY_GROUP_BUSY: def(
    28108,
    400,
    "该安全组正在变更中，请稍后再试",
    "The security group is being changed; try again in a moment",
  ),
  // Remote login to a cloud host (`/webssh`, decision 0018).
  WEBSSH_HOST_NOT_RUNNING: def(
    28300,
    400,
    "云主机当前状态为{status}，只有运行中的云主机才能远程登录",
    "The host is {status}; only a running host can be logged in to",
  ),
  WEBSSH_SIMULATED_NO_SSH: def(
    28301,
    400,
    "这是一台模拟的云主机，背后没有真实的机器，也就没有可登录的SSH服务",
    "This host is simulated: there is no machine behind it, so there is no SSH server to log in to",
  ),
  WEBSSH_NO_ADDRESS: def(
    28302,
    400,
    "该云主机还没有IP地址，无法远程登录",
    "The host has no IP address yet, so it cannot be logged in to",
  ),
  WEBSSH_AUTH_FAILED: def(
    28303,
    400,
    "云主机拒绝了登录：用户名、密码或私钥不正确",
    "The host refused the login: the user, password or private key is not right",
  ),
  WEBSSH_KEY_MALFORMED: def(
    28304,
    400,
    "无法读取该私钥，请提供OpenSSH或PEM格式的私钥文件内容",
    "The private key could not be read; give the content of an OpenSSH or PEM private key file",
  ),
  WEBSSH_KEY_PASSPHRASE: def(
    28305,
    400,
    "该私钥已加密，请填写正确的私钥密码",
    "The private key is encrypted: enter its right passphrase",
  ),
  WEBSSH_UNREACHABLE: def(
    28306,
    400,
    "无法连接云主机{address}：{reason}",
    "Could not reach the host at {address}: {reason}",
  ),
  WEBSSH_HOST_KEY_CHANGED: def(
    28307,
    400,
    "云主机的主机密钥已变化（首次登录时记录的是{recorded}，本次出示的是{seen}），可能存在中间人攻击，已拒绝连接；若确认主机已重装，可在远程登录页面清除记录的主机密钥后重新登录",
    "The host's key has changed (recorded at the first login: {recorded}; shown now: {seen}): possibly a man-in-the-middle attack, so the connection was refused; if you know the host was reinstalled, forget the recorded key on the remote login page and log in again",
  ),
  WEBSSH_TICKET_INVALID: def(
    28308,
    400,
    "远程登录的连接凭证无效或已过期，请重新登录",
    "The remote login's ticket is invalid or has expired; log in again",
  ),
  WEBSSH_IDLE: def(
    28309,
    400,
    "远程登录空闲超过{minutes}分钟，已断开",
    "The remote login was idle for more than {minutes} minutes and was disconnected",
  ),
  WEBSSH_SESSION_ENDED: def(
    28310,
    400,
    "您已退出登录或会话已过期，远程登录已断开",
    "You signed out or your session expired, so the remote login was disconnected",
  ),
  WEBSSH_SHELL_EXITED: def(28311, 400, "远程登录已退出", "The remote shell exited"),
  // Host monitoring alarms (issue 15 §6).
  ALARM_RULE_HOST_INVALID: def(
    28400,
    400,
    "所选云主机不存在或已释放",
    "The selected cloud host does not exist or has been released",
  ),
  ALARM_RULE_ALL_HOSTS_ADMIN: def(
    28401,
    400,
    "只有组织管理员可以为全部云主机设置告警规则，请选择一台云主机",
    "Only the organisation's administrators may set a rule on every host; choose one host",
  ),
  ALARM_NOT_FIRING: def(
    28402,
    400,
    "该告警已被确认或已恢复，请刷新后查看",
    "The alarm has already been acknowledged or resolved; refresh to see it",
  ),
  // Hosts on a network (issue 15 item 5, 28500–28599).
  HOST_NETWORK_VPC_UNKNOWN: def(
    28500,
    400,
    "所选VPC不存在、不可见或正在变更，请重新选择",
    "The selected VPC does not exist, is not visible to you or is being changed; choose again",
  ),
  HOST_NETWORK_SUBNET_UNKNOWN: def(
    28501,
    400,
    "所选子网不属于VPC“{vpc}”或正在变更，请重新选择",
    "The selected subnet is not in the VPC {vpc} or is being changed; choose again",
  ),
  HOST_FIXED_IP_OUTSIDE: def(
    28502,
    400,
    "指定的IP地址{ip}不在子网“{subnet}”（{cidr}）的范围内",
    "The IP address {ip} is not inside the subnet {subnet} ({cidr})",
  ),
  HOST_FIXED_IP_RESERVED: def(
    28503,
    400,
    "IP地址{ip}是子网（{cidr}）的网络地址、广播地址或网关地址，不能分配给云主机",
    "The IP address {ip} is the network, broadcast or gateway address of the subnet ({cidr}) and cannot be given to a host",
  ),
  HOST_FIXED_IP_TAKEN: def(
    28504,
    400,
    "IP地址{ip}已被子网“{subnet}”上的其他设备使用，请换一个地址或留空自动分配",
    "The IP address {ip} is already used on the subnet {subnet}; choose another or leave it empty to have one assigned",
  ),
  HOST_FIXED_IP_ONE_HOST: def(
    28505,
    400,
    "指定IP地址时只能购买1台云主机",
    "A fixed IP address can be given to one host only; set the quantity to 1",
  ),
  HOST_SECURITY_GROUP_UNKNOWN: def(
    28506,
    400,
    "所选安全组不存在、不可见或正在变更，请重新选择",
    "A selected security group does not exist, is not visible to you or is being changed; choose again",
  ),
  HOST_SUBNET_FULL: def(
    28507,
    400,
    "子网“{subnet}”只剩{free}个可用IP地址，不够{count}台云主机使用",
    "The subnet {subnet} has {free} free IP address(es) left, not enough for {count} host(s)",
  ),
  DEFAULT_VPC_EXISTS: def(
    28508,
    400,
    "您已有VPC，请直接选择；默认VPC只在没有任何VPC时创建",
    "You already have a VPC, so choose it; the default VPC is made only when there is none",
  ),
  HOST_NOT_ON_NETWORK: def(
    28509,
    400,
    "该云主机购买时未选择VPC，不在任何子网上",
    "This host was bought without choosing a VPC and is on no subnet",
  ),
  // Networks: VPCs, subnets, routers and routes (28001–28099).
  NETWORK_NAME_TAKEN: def(28001, 400, "名称“{name}”已被使用", "The name {name} is already in use"),
  NETWORK_SHARED_NOT_CREATOR: def(
    28002,
    403,
    "“{name}”是共享网络，只有其创建者可以修改或删除",
    "{name} is a shared network: only its creator may edit or delete it",
  ),
  VPC_HAS_SUBNETS: def(
    28003,
    400,
    "VPC“{name}”下还有{count}个子网（{subnets}），请先删除子网",
    "The VPC {name} still has {count} subnet(s) ({subnets}); delete them first",
  ),
  VPC_HAS_ROUTERS: def(
    28004,
    400,
    "VPC“{name}”下还有路由器（{routers}），请先删除路由器",
    "The VPC {name} still has router(s) ({routers}); delete them first",
  ),
  SUBNET_OUTSIDE_VPC: def(
    28005,
    400,
    "子网{cidr}不在VPC的网段{vpcCidr}内",
    "The subnet {cidr} is not inside the VPC's range {vpcCidr}",
  ),
  SUBNET_OVERLAPS: def(
    28006,
    400,
    "子网{cidr}与子网“{name}”（{other}）重叠",
    "The subnet {cidr} overlaps the subnet {name} ({other})",
  ),
  SUBNET_GATEWAY_INVALID: def(
    28007,
    400,
    "网关{gateway}不是子网{cidr}中可用的地址",
    "The gateway {gateway} is not a usable address of the subnet {cidr}",
  ),
  SUBNET_HAS_PORTS: def(
    28008,
    400,
    "子网“{name}”上还有{count}个端口（{ports}），请先移除",
    "The subnet {name} still has {count} port(s) ({ports}); remove them first",
  ),
  ROUTER_SUBNET_NOT_IN_VPC: def(
    28009,
    400,
    "所选子网不属于路由器所在的VPC",
    "The chosen subnet is not in the router's VPC",
  ),
  ROUTER_INTERFACE_EXISTS: def(
    28010,
    400,
    "子网“{name}”已连接到该路由器",
    "The subnet {name} is already joined to the router",
  ),
  ROUTER_INTERFACE_MISSING: def(28011, 400, "该子网未连接到路由器", "The subnet is not joined to the router"),
  ROUTE_CONFLICTS_ROUTE: def(
    28012,
    400,
    "目的网段{destination}与已有路由{other}（下一跳{nexthop}）冲突",
    "The destination {destination} conflicts with the existing route {other} (next hop {nexthop})",
  ),
  ROUTE_CONFLICTS_SUBNET: def(
    28013,
    400,
    "目的网段{destination}与子网“{name}”（{cidr}）冲突",
    "The destination {destination} conflicts with the subnet {name} ({cidr})",
  ),
  ROUTE_NEXTHOP_NOT_JOINED: def(
    28014,
    400,
    "下一跳{nexthop}不在路由器已连接的子网内",
    "The next hop {nexthop} is not inside a subnet joined to the router",
  ),
  ROUTER_IN_USE: def(
    28015,
    400,
    "路由器“{name}”还有{interfaces}个接口和{routes}条路由，请先移除",
    "The router {name} still has {interfaces} interface(s) and {routes} route(s); remove them first",
  ),
  ROUTER_INTERFACE_HAS_ROUTES: def(
    28016,
    400,
    "路由{destination}的下一跳{nexthop}在子网“{name}”内，请先删除该路由",
    "The route {destination} goes via {nexthop} in the subnet {name}; delete the route first",
  ),
  NETWORK_CLOUD_REFUSED: def(
    28017,
    400,
    "网络服务拒绝了该操作（{reason}），未做任何更改",
    "The network service refused the change ({reason}); nothing was changed",
  ),
  NETWORK_BUSY: def(
    28018,
    400,
    "“{name}”正在变更中，请稍后再试",
    "{name} is being changed; try again in a moment",
  ),
  // Relational databases (`/mgt/rds`, issue 16 item 4, 29400–29449).
  RDS_CHOICE_INVALID: def(
    29401,
    400,
    "请选择该产品提供的数据库引擎、规格和存储（20到500 GB，以10 GB为步长）",
    "Choose an engine, a class and a storage size this product offers (20 to 500 GB in steps of 10 GB)",
  ),
  RDS_NOT_READY: def(
    29402,
    400,
    "数据库尚未就绪（{status}），暂不能重置密码",
    "The database is not ready ({status}); its password cannot be reset now",
  ),
  RDS_SERVER_FAILED: def(
    29403,
    400,
    "数据库服务器拒绝了该操作（{reason}），未做任何更改",
    "The database server refused the change ({reason}); nothing was changed",
  ),
  // The cache service (`/mgt/dcs`, issue 16 item 5, 29450–29499).
  CACHE_CHOICE_INVALID: def(
    29451,
    400,
    "请选择该产品提供的内存规格（1、2、4、8或16 GB）",
    "Choose a memory plan this product offers (1, 2, 4, 8 or 16 GB)",
  ),
  CACHE_NOT_READY: def(
    29452,
    400,
    "缓存实例尚未就绪（{status}），暂不能重置密码",
    "The cache instance is not ready ({status}); its password cannot be reset now",
  ),
  CACHE_SERVER_FAILED: def(
    29453,
    400,
    "缓存服务器拒绝了该操作（{reason}），未做任何更改",
    "The cache server refused the change ({reason}); nothing was changed",
  ),
  // The message-queue service (`/mgt/dms`, issue 16 item 6, 29500–29549).
  QUEUE_CHOICE_INVALID: def(29501, 400, "请选择该产品提供的规格", "Choose a plan this product offers"),
  QUEUE_NOT_READY: def(
    29502,
    400,
    "消息队列实例尚未就绪（{status}），暂不能重置密码",
    "The message-queue instance is not ready ({status}); its password cannot be reset now",
  ),
  QUEUE_SERVER_FAILED: def(
    29503,
    400,
    "消息队列服务器拒绝了该操作（{reason}），未做任何更改",
    "The message-queue server refused the change ({reason}); nothing was changed",
  ),
  OPERATION_FAILED: def(29999, 400, "操作失败", "The operation failed"),
  PORTAL_ABNORMAL: def(30001, 400, "门户接口请求异常", "The portal interface request is abnormal"),
} as const satisfies Record<string, ErrorDef>;

export type ErrorKey = keyof typeof ERRORS;

/** Body codes for which the client shows the message for 3 seconds and passes the result on (spec §8). */
export const TOAST_CODES: ReadonlySet<number> = new Set(
  Object.values(ERRORS)
    .map((e) => e.code)
    .filter((c) => c >= 20000),
);

/** A parameter is plain, or given in both languages when it is itself words. */
export type ErrorParam = string | number | { zh: string; en: string };

export function errorText(key: ErrorKey, locale: Locale, params: Record<string, ErrorParam> = {}): string {
  const template = locale === "zh-CN" ? ERRORS[key].zh : ERRORS[key].en;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return `{${name}}`;
    if (typeof value === "object") return locale === "zh-CN" ? value.zh : value.en;
    return String(value);
  });
}

export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return "zh-CN";
  return /^en/i.test(header.trim()) ? "en-US" : "zh-CN";
}
