"""Provider token formats beyond the first set (issue 20.2), checked against gitleaks' public
rule list: each rule is a provider's literal prefix, the body's alphabet and length.

Every rule's needles are literal prefixes that every match holds, so the engine runs a rule's
regex only on texts where one occurs. Bodies end at a token boundary so a longer run (a hash,
a path) is not cut into a false match.
"""

from __future__ import annotations

from abzu.domain.redaction.base import Rule
from abzu.domain.redaction.checks import has_digit, has_upper_and_lower
from abzu.domain.redaction.gates import needles_gate
from abzu.domain.redaction.tokens import token_rule

_END = r"(?![A-Za-z0-9])"
_END_DASH = r"(?![A-Za-z0-9_-])"
_UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"


def _mixed(value: str) -> bool:
    return has_digit(value) and has_upper_and_lower(value)


def _rule(rule_id: str, needles: tuple[str, ...], pattern: str) -> Rule:
    return token_rule(rule_id, needles_gate(needles), pattern)


AI_PROVIDER_RULES: tuple[Rule, ...] = (
    _rule("openrouter-api-key", ("sk-or-v1-",), r"sk-or-v1-[a-f0-9]{64}" + _END),
    _rule("xai-api-key", ("xai-",), r"xai-[A-Za-z0-9]{80}" + _END),
    _rule("perplexity-api-key", ("pplx-",), r"pplx-[A-Za-z0-9]{48}" + _END),
    _rule("deepseek-api-key", ("sk-",), r"sk-[a-f0-9]{32}" + _END_DASH),
    _rule("aws-bedrock-api-key", ("ABSK",), r"ABSK[A-Za-z0-9+/]{100,300}+={0,2}"),
    _rule("replicate-api-token", ("r8_",), r"r8_[A-Za-z0-9]{37}" + _END),
    _rule("fireworks-api-key", ("fw_",), r"fw_[A-Za-z0-9]{24}" + _END),
    _rule("langsmith-api-key", ("lsv2_",), r"lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}" + _END),
    _rule("pinecone-api-key", ("pcsk_",), r"pcsk_[A-Za-z0-9_]{60,100}+"),
    _rule("elevenlabs-api-key", ("sk_",), r"sk_[a-f0-9]{48}" + _END),
    _rule("notion-token", ("ntn_",), r"ntn_[0-9]{11}[A-Za-z0-9]{35}" + _END),
)

PLATFORM_RULES: tuple[Rule, ...] = (
    _rule("vault-token", ("hvs.", "hvb."), r"hv[sb]\.[A-Za-z0-9_-]{90,300}+"),
    _rule("atlassian-api-token", ("ATATT3",), r"ATATT3[A-Za-z0-9_=-]{180,200}+"),
    _rule("sentry-token", ("sntryu_", "sntrys_"),
          r"sntryu_[a-f0-9]{64}" + _END + r"|sntrys_eyJ[A-Za-z0-9+/=_-]{50,600}+"),
    _rule("supabase-token", ("sbp_", "sb_secret_"),
          r"(?:sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{31,40}+)" + _END),
    _rule("gitlab-token",
          ("glrt-", "glptt-", "gldt-", "glft-", "glcbt-", "glimt-", "glagent-", "gloas-", "glsoat-",
           "GR1348941"),
          r"gl(?:rt|dt|ft|cbt|imt|agent|oas|soat)-[A-Za-z0-9_-]{20,64}+|glptt-[0-9a-f]{40}"
          r"|GR1348941[A-Za-z0-9_-]{20,40}+"),
    _rule("grafana-token", ("glsa_", "glc_", "eyJrIjoi"),
          r"glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}" + _END
          + r"|glc_[A-Za-z0-9+/]{32,400}+={0,2}|eyJrIjoi[A-Za-z0-9]{70,400}+={0,2}"),
    _rule("postman-api-key", ("PMAK-",), r"PMAK-[a-f0-9]{24}-[a-f0-9]{34}" + _END),
    _rule("doppler-token", ("dp.pt.", "dp.st.", "dp.sa.", "dp.ct.", "dp.scim.", "dp.audit."),
          r"dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9_.-]{40,120}+"),
    _rule("mailgun-api-key", ("key-",), r"(?:pub)?key-[a-f0-9]{32}" + _END),
    token_rule("twilio-api-key", needles_gate(("SK",), upper_run=2), r"SK[0-9a-fA-F]{32}" + _END,
               accept=has_digit),
    _rule("octopus-deploy-api-key", ("API-",), r"API-[A-Z0-9]{26}" + _END),
    _rule("heroku-api-key", ("HRKU-",), r"HRKU-AA[A-Za-z0-9_-]{58}" + _END_DASH),
    _rule("newrelic-key", ("NRAK-", "NRJS-", "NRII-"),
          r"(?:NRAK-[A-Z0-9]{27}|NRJS-[a-f0-9]{19}|NRII-[A-Za-z0-9-]{32})" + _END),
    _rule("dynatrace-token", ("dt0c01.",), r"dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}" + _END),
    _rule("tailscale-key", ("tskey-",),
          r"tskey-(?:api|auth|client|webhook|scim)-[A-Za-z0-9]{10,20}+-[A-Za-z0-9]{20,40}+"),
    _rule("flyio-token", ("fo1_", "fm1a_", "fm1r_", "fm2_"),
          r"fo1_[A-Za-z0-9_-]{43}" + _END_DASH + r"|fm(?:1[ar]|2)_[A-Za-z0-9+/]{100,4000}+={0,3}"),
    _rule("netlify-token", ("nfp_",), r"nfp_[A-Za-z0-9]{36}" + _END),
    _rule("render-api-key", ("rnd_",), r"rnd_[A-Za-z0-9]{32}" + _END),
    _rule("neon-api-key", ("napi_",), r"napi_[a-z0-9]{64}" + _END),
    _rule("planetscale-token", ("pscale_",), r"pscale_(?:pw|tkn|oauth)_[A-Za-z0-9_.=-]{32,64}+"),
    _rule("pulumi-token", ("pul-",), r"pul-[a-f0-9]{40}" + _END),
    _rule("prefect-token", ("pnu_",), r"pnu_[A-Za-z0-9]{36}" + _END),
    _rule("infracost-token", ("ico-",), r"ico-[A-Za-z0-9]{32}" + _END),
    _rule("terraform-cloud-token", (".atlasv1.",), r"[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}+"),
    _rule("openshift-token", ("sha256~",), r"sha256~[A-Za-z0-9_-]{43}" + _END_DASH),
    _rule("cloudflare-origin-ca-key", ("v1.0-",), r"v1\.0-[a-f0-9]{24}-[a-f0-9]{146}" + _END),
    _rule("defined-networking-token", ("dnkey-",), r"dnkey-[a-z0-9=_-]{26}-[a-z0-9=_-]{52}"),
    _rule("scalingo-token", ("tk-us-",), r"tk-us-[A-Za-z0-9_-]{48}" + _END_DASH),
    _rule("onepassword-token", ("ops_eyJ",), r"ops_eyJ[A-Za-z0-9+/]{250,5000}+={0,3}"),
    _rule("artifactory-token", ("AKCp", "cmVmdGtu"),
          r"(?:AKCp[A-Za-z0-9]{69}|cmVmdGtu[A-Za-z0-9]{56})" + _END),
    _rule("sonarqube-token", ("squ_", "sqp_", "sqa_"), r"sq[upa]_[a-f0-9]{40}" + _END),
    _rule("sourcegraph-token", ("sgp_",), r"sgp_(?:[a-fA-F0-9]{16}|local)_[a-fA-F0-9]{40}" + _END),
    _rule("buildkite-token", ("bkua_",), r"bkua_[a-f0-9]{40}" + _END),
    _rule("circleci-token", ("CCIPAT_",), r"CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}" + _END),
    _rule("clojars-token", ("CLOJARS_",), r"CLOJARS_[a-z0-9]{60}" + _END),
    _rule("rubygems-token", ("rubygems_",), r"rubygems_[a-f0-9]{48}" + _END),
    _rule("nuget-api-key", ("oy2",), r"oy2[a-z0-9]{43}" + _END),
    _rule("readme-api-key", ("rdme_",), r"rdme_[a-z0-9]{70}" + _END),
    _rule("figma-token", ("figd_",), r"figd_[A-Za-z0-9_-]{40}" + _END_DASH),
    _rule("typeform-token", ("tfp_",), r"tfp_[A-Za-z0-9_.=-]{59}"),
    _rule("frameio-token", ("fio-u-",), r"fio-u-[A-Za-z0-9_=-]{64}"),
    _rule("harness-token", ("pat.", "sat."),
          r"(?:pat|sat)\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}" + _END),
    _rule("hubspot-token", ("pat-na1-", "pat-eu1-"), r"pat-(?:na|eu)1-" + _UUID),
    _rule("alibaba-access-key", ("LTAI",), r"LTAI[A-Za-z0-9]{20}" + _END),
    _rule("yandex-api-key", ("AQVN",), r"AQVN[A-Za-z0-9_-]{35,38}+" + _END_DASH),
    _rule("adobe-client-secret", ("p8e-",), r"p8e-[A-Za-z0-9]{32}" + _END),
    _rule("intra42-secret", ("s-s4t2",), r"s-s4t2(?:ud|af)-[a-f0-9]{64}" + _END),
    _rule("settlemint-token", ("sm_pat_", "sm_aat_", "sm_sat_"),
          r"sm_(?:pat|aat|sat)_[A-Za-z0-9]{16}" + _END),
)

PAYMENT_AND_MESSAGING_RULES: tuple[Rule, ...] = (
    _rule("stripe-webhook-secret", ("whsec_",), r"whsec_[A-Za-z0-9]{32,64}+" + _END),
    _rule("square-token", ("EAAA", "sq0atp-", "sq0csp-"),
          r"(?:EAAA[A-Za-z0-9_-]{60}|sq0atp-[A-Za-z0-9_-]{22}|sq0csp-[A-Za-z0-9_-]{43})" + _END_DASH),
    _rule("shippo-token", ("shippo_",), r"shippo_(?:live|test)_[a-fA-F0-9]{40}" + _END),
    _rule("duffel-token", ("duffel_",), r"duffel_(?:test|live)_[A-Za-z0-9_=-]{43}"),
    _rule("easypost-api-key", ("EZAK", "EZTK"), r"EZ[AT]K[A-Za-z0-9]{54}" + _END),
    _rule("flutterwave-key", ("FLWSECK", "FLWPUBK"), r"FLW(?:SEC|PUB)K(?:_TEST)?-[a-h0-9]{32}-X"),
    _rule("plaid-access-token", ("access-sandbox-", "access-development-", "access-production-"),
          r"access-(?:sandbox|development|production)-" + _UUID),
    _rule("brevo-api-key", ("xkeysib-", "xsmtpsib-"),
          r"x(?:key|smtp)sib-[a-f0-9]{64}-[A-Za-z0-9]{16}" + _END),
    _rule("resend-api-key", ("re_",), r"re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}" + _END),
    _rule("slack-app-token", ("xapp-",), r"xapp-\d-[A-Z0-9]{9,12}+-\d{10,14}+-[a-f0-9]{60,70}+"),
    _rule("facebook-access-token", ("EAAM", "EAAC"), r"EAA[MC][A-Za-z0-9]{100,1000}+"),
    _rule("mapbox-secret-token", ("sk.eyJ",), r"sk\.eyJ[A-Za-z0-9_-]{50,400}+\.[A-Za-z0-9_-]{20,100}+"),
    _rule("dropbox-token", ("sl.",), r"sl\.(?:u\.)?[A-Za-z0-9_=-]{130,1400}+"),
)

# Secrets named by the words around them rather than by a prefix.
CONTEXT_RULES: tuple[Rule, ...] = (
    # A password echoed or printed into `sudo -S`, or fed to it with a here-string.
    token_rule("sudo-password", needles_gate(("sudo",)),
               r"(?:echo|printf)[ \t]+(?:-[a-z]{1,3}[ \t]+)?(?P<q>['\"]?)(?P<s>[^'\"\s|]{4,200}+)(?P=q)"
               r"[ \t]*\|[ \t]*sudo[ \t]+(?:-[A-Za-z]{1,3}[ \t]+)*?-[A-Za-z]*S\b", min_entropy=0.0,
               starts=lambda hay: [*hay.positions("echo"), *hay.positions("printf")]),
    token_rule("sudo-password", needles_gate(("sudo",)),
               r"sudo[ \t]+(?:-[A-Za-z]{1,3}[ \t]+)*?-[A-Za-z]*S\b[^\n]{0,200}?<<<[ \t]*(?P<q>['\"]?)"
               r"(?P<s>[^'\"\s]{4,200}+)(?P=q)", min_entropy=0.0),
    # "the Twilio API key SK… with secret Xq7L…": a random value right after the word.
    token_rule("secret-prose", needles_gate(("secret", "Secret", "SECRET")),
               r"(?i:secret)[ \t]{1,4}+(?P<s>[A-Za-z0-9]{24,128}+)(?![A-Za-z0-9])",
               min_entropy=3.5, accept=_mixed, starts=lambda hay: hay.positions("secret")),
)

PROVIDER_RULES: tuple[Rule, ...] = (
    *AI_PROVIDER_RULES, *PLATFORM_RULES, *PAYMENT_AND_MESSAGING_RULES, *CONTEXT_RULES,
)
