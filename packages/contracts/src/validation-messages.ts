// Texts for the validation keys used as zod messages in validation.ts and the api schemas. The
// server answers with them; the web's locale files carry the same keys (checked by check-i18n).
export const VALIDATION_MESSAGES: Record<string, { zh: string; en: string }> = {
  "validation.required": { zh: "此项为必填项", en: "This field is required" },
  "validation.trainingName": {
    zh: "作业名称以字母开头，最多64个字符，可包含字母、数字、下划线、点和中划线",
    en: "Job names start with a letter and have at most 64 letters, digits, underscores, dots and hyphens",
  },
  "validation.trainingImage": {
    zh: "镜像名称格式不正确（例如 pytorch/pytorch:2.3.0-cuda12.1）",
    en: "The image name is not valid (e.g. pytorch/pytorch:2.3.0-cuda12.1)",
  },
  "validation.trainingEnvironment": {
    zh: "环境模块名称格式不正确（例如 cuda/12.1）",
    en: "The environment module name is not valid (e.g. cuda/12.1)",
  },
  "validation.trainingImageOrEnv": {
    zh: "请填写镜像或环境模块中的一项（且只填一项）",
    en: "Give an image or an environment module (one of them, not both)",
  },
  "validation.trainingCommand": {
    zh: "启动命令最多4000个字符",
    en: "The command has at most 4000 characters",
  },
  "validation.trainingGpus": { zh: "GPU数量须为0到64的整数", en: "GPUs are a whole number from 0 to 64" },
  "validation.trainingCpus": { zh: "CPU核数须为1到1024的整数", en: "CPUs are a whole number from 1 to 1024" },
  "validation.trainingMemory": {
    zh: "内存须为1到2048的整数（GB）",
    en: "Memory is a whole number of GB from 1 to 2048",
  },
  "validation.trainingTime": {
    zh: "运行时长上限须为1到10080的整数（分钟，即最长7天）",
    en: "The time limit is a whole number of minutes from 1 to 10080 (seven days)",
  },
  "validation.trainingPath": {
    zh: "数据路径须为绝对路径，只能包含字母、数字、下划线、点、中划线和斜杠",
    en: "The data path is an absolute path of letters, digits, underscores, dots, hyphens and slashes",
  },
  "validation.loginUser": {
    zh: "登录用户名以小写字母或下划线开头，最多32个字符，只能包含小写字母、数字、下划线和中划线",
    en: "The login user starts with a lowercase letter or underscore and has at most 32 lowercase letters, digits, underscores and hyphens",
  },
  "validation.alarmTarget": {
    zh: "请选择告警对象：单台云主机或全部云主机",
    en: "Choose what the rule watches: one host or every host",
  },
  "validation.alarmHost": { zh: "请选择云主机", en: "Choose a host" },
  "validation.alarmMetric": { zh: "请选择监控指标", en: "Choose a metric" },
  "validation.alarmComparison": {
    zh: "请选择比较方式（>、≥、<、≤）",
    en: "Choose a comparison (>, ≥, <, ≤)",
  },
  "validation.alarmThreshold": { zh: "请输入阈值（数字）", en: "Enter a threshold (a number)" },
  "validation.alarmThresholdNegative": { zh: "阈值不能小于0", en: "The threshold must not be below 0" },
  "validation.alarmThresholdPercent": {
    zh: "百分比指标的阈值为0到100",
    en: "A percentage threshold is between 0 and 100",
  },
  "validation.alarmThresholdDecimals": {
    zh: "阈值最多保留两位小数",
    en: "The threshold has at most two decimals",
  },
  "validation.alarmDuration": {
    zh: "持续时间为1、5、15、30或60分钟",
    en: "The duration is 1, 5, 15, 30 or 60 minutes",
  },
  "validation.alarmSeverity": {
    zh: "请选择告警级别：紧急、重要、次要或提示",
    en: "Choose a severity: urgent, important, secondary or reminder",
  },
  "validation.cidrFormat": {
    zh: "网段格式不正确，请填写网络地址和掩码，例如 10.0.0.0/16",
    en: "Write a block as its network address and mask, e.g. 10.0.0.0/16",
  },
  "validation.vpcMask": { zh: "VPC的掩码须在16到28之间", en: "A VPC's mask is from 16 to 28" },
  "validation.subnetMask": { zh: "子网掩码须在16到29之间", en: "A subnet's mask is from 16 to 29" },
  "validation.cidrPrivate": {
    zh: "网段须在私有网段10.0.0.0/8、172.16.0.0/12或192.168.0.0/16内",
    en: "The block must lie inside the private ranges 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16",
  },
  "validation.ipv4": {
    zh: "请输入正确的IPv4地址，例如 10.0.0.1",
    en: "Enter an IPv4 address, e.g. 10.0.0.1",
  },
  "validation.dnsServers": { zh: "最多填写2个DNS服务器", en: "At most 2 DNS servers" },
  "validation.securityGroupsRequired": {
    zh: "请至少选择1个安全组",
    en: "Choose at least one security group",
  },
  "validation.securityGroupsMax": { zh: "最多选择5个安全组", en: "Choose at most 5 security groups" },
  "validation.securityGroupsRepeated": {
    zh: "同一个安全组不能重复选择",
    en: "A security group is chosen only once",
  },
  "validation.phone": { zh: "输入的手机号码有误", en: "The phone number entered is incorrect" },
  "validation.email": { zh: "邮箱格式不正确", en: "The e-mail format is invalid" },
  "validation.smsCode": { zh: "验证码为6位数字", en: "The verification code has 6 digits" },
  "validation.usernameLength": { zh: "用户名长度为4到16个字符", en: "The user name has 4 to 16 characters" },
  "validation.usernamePattern": {
    zh: "用户名以字母开头，只能包含字母、数字、下划线和中划线",
    en: "The user name starts with a letter and has only letters, digits, underscores and hyphens",
  },
  "validation.nameLength": { zh: "名称长度为2到128个字符", en: "Names have 2 to 128 characters" },
  "validation.nameUrl": { zh: "名称不能以http或https开头", en: "Names must not start with http or https" },
  "validation.nameForbidden": {
    zh: "名称不能包含特殊字符 / @ < > | ~ ! 【】 & % ^ ? *",
    en: "Names must not contain special characters such as / @ < > | ~ ! 【】 & % ^ ? *",
  },
  "validation.namePattern": {
    zh: "名称以字母或汉字开头，可包含数字、下划线和中划线",
    en: "Names start with a letter or Chinese character and may contain digits, underscores and hyphens",
  },
  "validation.generalLength": { zh: "长度为3到64个字符", en: "Use 3 to 64 characters" },
  "validation.descriptionLength": {
    zh: "描述为空或2到256个字符",
    en: "Descriptions are empty or 2 to 256 characters",
  },
  "validation.freeTextLength": { zh: "最多2000个字符", en: "At most 2000 characters" },
  "validation.announcementTitle": { zh: "公告标题最多100个字符", en: "The title has at most 100 characters" },
  "validation.resourceName": {
    zh: "最多24个字符，由汉字、字母、数字或中划线组成，不能以中划线结尾",
    en: "At most 24 Chinese characters, letters, digits or hyphens, not ending with a hyphen",
  },
  "validation.personName": { zh: "姓名最多10个汉字", en: "The name has at most 10 Chinese characters" },
  "validation.latinName": {
    zh: "护照姓名为2到64个字符，由拉丁字母、空格、点、连字符或撇号组成，以字母开头",
    en: "The passport name has 2 to 64 Latin letters, spaces, dots, hyphens or apostrophes, starting with a letter",
  },
  "validation.passportNumber": {
    zh: "护照号码为5到20位字母或数字",
    en: "The passport number has 5 to 20 letters or digits",
  },
  "validation.realName": {
    zh: "姓名为最多10个汉字，或2到128个字符（以字母或汉字开头，可含数字、下划线和中划线）",
    en: "Use up to 10 Chinese characters, or 2 to 128 characters starting with a letter or Chinese character (letters, digits, _ and -)",
  },
  "validation.contactLength": { zh: "联系人最多32个字符", en: "The contact has at most 32 characters" },
  "validation.contactName": {
    zh: "联系人为2到32个字符，由汉字、字母、空格或点组成",
    en: "The contact has 2 to 32 Chinese characters, letters, spaces or dots",
  },
  "validation.passwordLength": { zh: "密码过长", en: "The password is too long" },
  "validation.quantity": { zh: "数量须为大于0的整数", en: "Quantities are positive integers greater than 0" },
  "validation.quantityMax": { zh: "数量超出上限", en: "The quantity exceeds the limit" },
  "validation.amount": {
    zh: "金额格式不正确（最多5位小数）",
    en: "The amount is invalid (at most 5 decimals)",
  },
  "validation.amountPositive": { zh: "金额须大于0", en: "The amount must be greater than 0" },
  "validation.amountFen": {
    zh: "支付宝和银联的金额最多2位小数",
    en: "Alipay and UnionPay take amounts with at most 2 decimals",
  },
  "validation.reason": { zh: "请填写原因（2到256个字符）", en: "Give a reason (2 to 256 characters)" },
  "validation.externalRef": {
    zh: "第三方实例标识为1到128个字符",
    en: "The partner's instance reference has 1 to 128 characters",
  },
  "validation.accessNote": { zh: "访问说明最多512个字符", en: "The access note has at most 512 characters" },
  "validation.discount": {
    zh: "折扣须在0到1之间，最多2位小数",
    en: "The discount is between 0 and 1 with at most 2 decimals",
  },
  "validation.budgetAmount": {
    zh: "预算金额须大于0，最多2位小数（单位：元）",
    en: "The budget is an amount in yuan above 0 with at most 2 decimals",
  },
  "validation.budgetForecastDays": {
    zh: "提前提醒天数须为1到60的整数",
    en: "The warning horizon is a whole number of days from 1 to 60",
  },
  "validation.contractCreditLimit": { zh: "信用额度不能为负数", en: "The credit limit cannot be negative" },
  "validation.contractEndBeforeStart": {
    zh: "结束时间不能早于开始时间",
    en: "The end time cannot be earlier than the start time",
  },
  "validation.contractFile": {
    zh: "请上传已签署的合同文件（PDF）",
    en: "Upload the signed contract file (PDF)",
  },
  "validation.billingCycle": { zh: "账期格式为YYYY-MM", en: "Billing cycles are written YYYY-MM" },
  "validation.catalogCode": {
    zh: "编码以小写字母开头，由小写字母、数字和中划线组成",
    en: "Codes start with a lower-case letter and use lower-case letters, digits and hyphens",
  },
  "validation.duplicateOption": { zh: "选项编码不能重复", en: "Option ids must be unique" },
  "validation.slurmName": {
    zh: "以小写字母或下划线开头，由小写字母、数字、下划线、点和中划线组成，最多64个字符",
    en: "Starts with a lower-case letter or underscore; lower-case letters, digits, underscores, dots and hyphens, at most 64",
  },
  "validation.clusterUrl": {
    zh: "Slurm集群须填写以http://或https://开头的slurmrestd地址，模拟集群填写simulator",
    en: "A Slurm cluster needs a slurmrestd address starting with http:// or https://; a simulated one takes simulator",
  },
  "validation.loginHost": {
    zh: "登录节点格式为主机名或主机名:端口",
    en: "The login host is a host name, or host name:port",
  },
  "validation.hostKeyFingerprint": {
    zh: "主机密钥指纹格式为SHA256:后接43个Base64字符（ssh-keygen -lf的输出）",
    en: "A host key fingerprint is SHA256: followed by 43 base64 characters (as ssh-keygen -lf prints it)",
  },
  "validation.jobName": {
    zh: "作业名称由字母、数字、下划线、点和中划线组成，最多64个字符",
    en: "Job names use letters, digits, underscores, dots and hyphens, at most 64",
  },
  "validation.storageSize": { zh: "存储容量为50到500 GB", en: "Storage sizes are 50 to 500 GB" },
  "validation.rdsStorage": {
    zh: "数据库存储为20到500 GB，以10 GB为步长",
    en: "Database storage is 20 to 500 GB in steps of 10 GB",
  },
  "validation.cacheMemory": {
    zh: "缓存内存规格为1、2、4、8或16 GB",
    en: "Cache memory plans are 1, 2, 4, 8 or 16 GB",
  },
  "validation.queueLimits": {
    zh: "队列数和连接数上限至少为1",
    en: "The queue and connection limits are at least 1",
  },
  "validation.prepaidPeriod": {
    zh: "包年包月时长为1、3、6、9个月或1、2、3年",
    en: "Prepaid periods are 1, 3, 6, 9 months or 1, 2, 3 years",
  },
  "validation.billingModeRequired": {
    zh: "请至少选择一种计费方式",
    en: "Choose at least one billing mode",
  },
  "validation.policyFrequency": {
    zh: "按需计费按小时计费，包年包月按月计费",
    en: "Postpaid is charged hourly and prepaid monthly",
  },
  "validation.pricingRowIncomplete": {
    zh: "请先完善上一行定价配置",
    en: "Complete the previous pricing row first",
  },
  "validation.pricingRowsMax": { zh: "一次最多添加10行", en: "At most 10 rows can be added at once" },
  "validation.dateOrder": {
    zh: "结束时间不能早于开始时间",
    en: "The end time must not be earlier than the start time",
  },
  // Security group rules (spec §5 network rules).
  "validation.portRange": {
    zh: "结束端口不能为空或小于起始端口",
    en: "The end port must not be empty or smaller than the start port",
  },
  "validation.portStartRequired": { zh: "请填写起始端口", en: "Enter the start port" },
  "validation.portNumber": { zh: "端口为1到65535的整数", en: "A port is a whole number from 1 to 65535" },
  "validation.portsNotAllowed": {
    zh: "ICMP和全部协议不指定端口",
    en: "ICMP and all-protocol rules take no ports",
  },
  "validation.ruleCidr": {
    zh: "请输入网段，如 0.0.0.0/0 或 10.0.0.0/24",
    en: "Enter a CIDR block such as 0.0.0.0/0 or 10.0.0.0/24",
  },
  "validation.rulePriority": {
    zh: "优先级为1到100的整数，1为最高",
    en: "The priority is a whole number from 1 to 100, where 1 is the highest",
  },
  // Object storage (obs-spec.ts): S3's bucket naming rules, object keys and share links.
  "validation.bucketNameLength": {
    zh: "桶名称长度须为3到63个字符",
    en: "A bucket name has 3 to 63 characters",
  },
  "validation.bucketNameChars": {
    zh: "桶名称只能包含小写字母、数字、中划线和点",
    en: "A bucket name has only lowercase letters, digits, hyphens and dots",
  },
  "validation.bucketNameEnds": {
    zh: "桶名称须以小写字母或数字开头和结尾",
    en: "A bucket name starts and ends with a lowercase letter or digit",
  },
  "validation.bucketNameDots": {
    zh: "桶名称不能有相邻的点，点与中划线也不能相邻",
    en: "A bucket name has no two dots, nor a dot and a hyphen, side by side",
  },
  "validation.bucketNameIp": {
    zh: "桶名称不能是IP地址的形式",
    en: "A bucket name must not look like an IP address",
  },
  "validation.bucketNameReserved": {
    zh: "桶名称不能以 xn-- 或 sthree- 开头，也不能以 -s3alias 结尾",
    en: "A bucket name must not start with xn-- or sthree- nor end with -s3alias",
  },
  "validation.objectKeyLength": { zh: "对象名称须为1到1024字节", en: "An object name has 1 to 1024 bytes" },
  "validation.objectKeyChars": {
    zh: "对象名称不能以 / 开头，不能包含控制字符或 .. 路径段",
    en: "An object name must not start with /, nor hold control characters or a .. segment",
  },
  "validation.invoiceFieldLength": { zh: "输入内容过长", en: "The text is too long" },
  "validation.taxNumber": {
    zh: "税号为15、18或20位数字或大写字母",
    en: "A tax number has 15, 18 or 20 digits or capital letters",
  },
  "validation.bankAccount": { zh: "银行账号格式不正确", en: "The bank account number is not valid" },
  "validation.invoicePhone": { zh: "电话号码格式不正确", en: "The phone number is not valid" },
  "validation.postcode": { zh: "邮政编码为6位数字", en: "A postcode has 6 digits" },
  "validation.invoiceNumber": {
    zh: "发票号码为1到32位数字、字母或中划线",
    en: "An invoice number has 1 to 32 digits, letters or hyphens",
  },
  "validation.trackingNumber": {
    zh: "运单号为4到40位数字、字母或中划线",
    en: "A tracking number has 4 to 40 digits, letters or hyphens",
  },
  "validation.shareLinkExpiry": {
    zh: "分享链接有效期须为1分钟到7天",
    en: "A share link is valid from one minute to seven days",
  },
};
