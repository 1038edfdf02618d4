/* test_sigrules.c - signature rules of a rules file (docs/rules.md,
 * "Signature rules", issue 24): skip, start, merge, fingerprint; what a
 * file of them must hold; the id documents record. The dumps are written
 * here and the signatures expected are read off them by the rules of
 * docs/json-stack.md (kind "crash" for a dump that names no signal, then
 * the first three code frames). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maxtriage/triage.h"

#define DUMP4                                                       \
	"Stack dump:\n"                                             \
	"#0 0x0000000000401136 log_fatal /src/util/log.c:88:3\n"    \
	"#1 0x0000000000401150 check_failed /src/util/log.c:20:5\n" \
	"#2 0x0000000000401160 load_weights /src/model/w.c:41:2\n"  \
	"#3 0x0000000000401170 main /src/model/main.c:5:1\n"
#define DUMP_B                                                \
	"Stack dump:\n"                                       \
	"#0 0x0000000000401136 other_fn /src/model/b.c:7:3\n" \
	"#1 0x0000000000401170 main /src/model/main.c:5:1\n"

/* The first report of text, triaged with rules (JSON, or NULL). */
static mt_report_set triaged(const char *text, const char *rules_json)
{
	mt_rules *rules = mt_rules_new();
	mt_triage_opts o;
	mt_report_set rs;
	mt_error err;
	size_t i;

	if (rules_json)
		assert_int_equal(
		        mt_rules_load_string(rules, rules_json, "r.json", &err),
		        0);
	o.rules = rules;
	o.repo = NULL;
	memset(&rs, 0, sizeof(rs));
	mt_stack_parse(&rs, text, strlen(text));
	for (i = 0; i < rs.n; i++)
		mt_triage_report(&rs.reports[i], &o);
	mt_rules_free(rules);
	assert_true(rs.n >= 1);
	return rs;
}

static void no_rules(void **state)
{
	mt_report_set rs = triaged(DUMP4, NULL);

	(void)state;
	assert_string_equal(rs.reports[0].signature,
	                    "crash | log_fatal | check_failed | load_weights");
	assert_null(rs.reports[0].signature_rule);
	mt_report_set_release(&rs);
}

static void skip_frames(void **state)
{
	mt_report_set rs = triaged(
	        DUMP4,
	        "{\"signature\": {\"skip\": [{\"function\": \"log_*\"}, "
	        "{\"function\": \"check_failed\", \"file\": \"log.c\"}]}}");

	(void)state;
	assert_string_equal(rs.reports[0].signature,
	                    "crash | load_weights | main");
	assert_string_equal(rs.reports[0].signature_rule,
	                    "signature skip rule 1 in r.json; signature skip "
	                    "rule 2 in r.json");
	/* the crash point is the category rules' business: unchanged */
	assert_int_equal(rs.reports[0].blame_frame, 0);
	mt_report_set_release(&rs);
}

static void start_frame(void **state)
{
	mt_report_set rs = triaged(
	        DUMP4,
	        "{\"signature\": {\"start\": [{\"file\": \"*/model/*\"}]}}");

	(void)state;
	assert_string_equal(rs.reports[0].signature,
	                    "crash | load_weights | main");
	assert_string_equal(rs.reports[0].signature_rule,
	                    "signature start rule 1 in r.json");
	mt_report_set_release(&rs);
}

static void merge_and_fingerprint(void **state)
{
	static const char rules[] =
	        "{\"signature\": {"
	        "\"merge\": [{\"signatures\": [\"crash | log_fatal | *\", "
	        "\"crash | other_fn | main\"], \"into\": \"weights bug\"}],"
	        "\"fingerprint\": [{\"signatures\": [\"weights*\"], "
	        "\"fingerprint\": \"00000000000000ab\"}]}}";
	mt_report_set a = triaged(DUMP4, rules), b = triaged(DUMP_B, rules);
	mt_report_set c = triaged(DUMP_B, "{\"signature\": {\"merge\": "
	                                  "[{\"signatures\": [\"x\"], "
	                                  "\"into\": \"weights bug\"}]}}");

	(void)state;
	assert_string_equal(a.reports[0].signature, "weights bug");
	assert_string_equal(b.reports[0].signature, "weights bug");
	assert_string_equal(a.reports[0].fingerprint, "00000000000000ab");
	assert_string_equal(b.reports[0].fingerprint, "00000000000000ab");
	assert_string_equal(a.reports[0].signature_rule,
	                    "signature merge rule 1 in r.json; signature "
	                    "fingerprint rule 1 in r.json");
	/* a rule that matches nothing changes nothing */
	assert_string_equal(c.reports[0].signature, "crash | other_fn | main");
	assert_null(c.reports[0].signature_rule);
	mt_report_set_release(&a);
	mt_report_set_release(&b);
	mt_report_set_release(&c);
}

/* A merge by fingerprint: that of the signature made, before rules. */
static void merge_by_fingerprint(void **state)
{
	mt_report_set b = triaged(DUMP_B, NULL), m;
	char rules[256];

	(void)state;
	snprintf(rules, sizeof(rules),
	         "{\"signature\": {\"merge\": [{\"fingerprints\": [\"%s\"], "
	         "\"into\": \"known bug 12\"}]}}",
	         b.reports[0].fingerprint);
	m = triaged(DUMP_B, rules);
	assert_string_equal(m.reports[0].signature, "known bug 12");
	assert_string_not_equal(m.reports[0].fingerprint,
	                        b.reports[0].fingerprint);
	mt_report_set_release(&b);
	mt_report_set_release(&m);
}

static void bad_files(void **state)
{
	static const char *const bad[] = {
		"{\"rule\": []}", /* a typo: would silently do nothing */
		"{}",
		"{\"signature\": {\"skips\": []}}",
		"{\"signature\": {\"skip\": [{}]}}",
		"{\"signature\": {\"skip\": [{\"category\": \"system\", "
		"\"function\": \"f\"}]}}",
		"{\"signature\": {\"merge\": [{\"into\": \"x\"}]}}",
		"{\"signature\": {\"merge\": [{\"signatures\": [\"a\"]}]}}",
		"{\"signature\": {\"fingerprint\": [{\"signatures\": [\"a\"], "
		"\"fingerprint\": \"ABC\"}]}}",
		"{\"signature\": {\"merge\": [{\"fingerprints\": [\"12\"], "
		"\"into\": \"x\"}]}}",
		"{\"rules\": [{\"category\": \"kernel\", \"module\": \"k\"}], "
		"\"signature\": {\"start\": 3}}",
	};
	mt_rules *r = mt_rules_new();
	mt_error err;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(
		        mt_rules_load_string(r, bad[i], "r.json", &err),
		        MT_EFORMAT);
		assert_non_null(strstr(err.msg, "rules 'r.json'"));
	}
	/* all or nothing: the category rule of the last one is not kept,
	 * and nothing read changed the id */
	assert_int_equal(mt_rules_match_user(r, "k", NULL, NULL, NULL), -1);
	assert_null(mt_rules_signature_id(r));
	mt_rules_free(r);
}

static void ids(void **state)
{
	mt_rules *a = mt_rules_new(), *b = mt_rules_new(), *c = mt_rules_new();
	mt_error err;

	(void)state;
	assert_null(mt_rules_signature_id(a));
	assert_int_equal(
	        mt_rules_load_string(
	                a,
	                "{\"signature\": {\"skip\": [{\"function\": \"f\"}]}}",
	                "a", &err),
	        0);
	/* the same rules, keys in another order and other spacing */
	assert_int_equal(
	        mt_rules_load_string(
	                b,
	                "{ \"signature\" : { \"skip\" : [ { \"function\" : \"f\" } ] } }",
	                "b", &err),
	        0);
	assert_int_equal(
	        mt_rules_load_string(
	                c,
	                "{\"signature\": {\"skip\": [{\"function\": \"g\"}]}}",
	                "c", &err),
	        0);
	assert_non_null(mt_rules_signature_id(a));
	assert_string_equal(mt_rules_signature_id(a), mt_rules_signature_id(b));
	assert_string_not_equal(mt_rules_signature_id(a),
	                        mt_rules_signature_id(c));
	mt_rules_free(a);
	mt_rules_free(b);
	mt_rules_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(no_rules),
		cmocka_unit_test(skip_frames),
		cmocka_unit_test(start_frame),
		cmocka_unit_test(merge_and_fingerprint),
		cmocka_unit_test(merge_by_fingerprint),
		cmocka_unit_test(bad_files),
		cmocka_unit_test(ids),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
