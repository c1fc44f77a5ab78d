# GENERATED FILE: do not edit. Regenerate with `python scripts/generate_tables.py`.
#
# Corrections for CPython's CJK codecs (the decode/encode fast path).
# Derived from the WHATWG Encoding Standard data files (https://github.com/whatwg/encoding,
# commit a985b62a9b45c17da3e17a9f0a0b4e30c34c4a8a), copied in third_party/whatwg/.
#
# Copyright © WHATWG (Apple, Google, Mozilla, Microsoft).
# Licensed under the BSD 3-Clause License (as the Encoding Standard's license provides for
# portions incorporated into source code):
#
# Redistribution and use in source and binary forms, with or without
# modification, are permitted provided that the following conditions are met:
#
# 1. Redistributions of source code must retain the above copyright notice, this
#    list of conditions and the following disclaimer.
#
# 2. Redistributions in binary form must reproduce the above copyright notice,
#    this list of conditions and the following disclaimer in the documentation
#    and/or other materials provided with the distribution.
#
# 3. Neither the name of the copyright holder nor the names of its
#    contributors may be used to endorse or promote products derived from
#    this software without specific prior written permission.
#
# THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
# AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
# IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
# DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
# FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
# DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
# SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
# CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
# OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
# OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
# fmt: off
"""Where CPython's C codecs differ from the standard (generated)."""

#: name -> translate (C char -> standard's output), errors, fallback sequences.
DECODER_FIXES: dict[str, dict[str, object]] = {
    "gb18030": {
        "translate": {"ḿ": "\ue7c7", "\ue5e5": "\u3000", "\ue78d": "︐", "\ue78e": "︒", "\ue78f": "︑", "\ue790": "︓", "\ue791": "︔", "\ue792": "︕", "\ue793": "︖", "\ue794": "︗", "\ue795": "︘", "\ue796": "︙", "\ue7c7": "ḿ", "\ue81e": "龴", "\ue826": "龵", "\ue82b": "龶", "\ue82c": "龷", "\ue832": "龸", "\ue843": "龹", "\ue854": "龺", "\ue864": "龻"},
        "errors": [],
        "fallback": {},
    },
    "Big5": {
        "translate": {"¢": "￠", "£": "￡", "¥": "￥", "•": "‧", "‾": "¯", "∼": "～", "☉": "⊙", "♁": "⊕", "､": "﹑"},
        "errors": [],
        "fallback": {"／": [b'\xa2A'], "＼": [b'\xa2B']},
    },
    "EUC-KR": {
        "translate": {},
        "errors": [],
        "fallback": {},
    },
    "Shift_JIS": {
        "translate": {"\uf8f0": "�", "\uf8f1": "�", "\uf8f2": "�", "\uf8f3": "�"},
        "errors": ["\uf8f0", "\uf8f1", "\uf8f2", "\uf8f3"],
        "fallback": {},
    },
    "EUC-JP": {
        "translate": {"¢": "￠", "£": "￡", "¬": "￢", "‖": "∥", "−": "－", "〜": "～"},
        "errors": [],
        "fallback": {"~": [b'\x8f\xa2\xb7']},
    },
}

#: name -> characters the C encoder encodes differently from the standard.
ENCODER_SUSPECTS: dict[str, str] = {
    "gb18030": "ḿ龴龵龶龷龸龹龺龻\ue5e5\ue78d\ue78e\ue78f\ue790\ue791\ue792\ue793\ue794\ue795\ue796\ue7c7\ue81e\ue826\ue82b\ue82c\ue832\ue843\ue854\ue864︐︑︒︓︔︕︖︗︘︙",
    "GBK": "",
    "Big5": "¢£¥•‾∼╭╮╯╰☉♁仝嘅廐廴悤无瀞猪癶覩鍮隶靝／＼､",
    "EUC-KR": "",
    "Shift_JIS": "¢£¬‖〜",
    "EUC-JP": (
        "¢£¬‖№〜丨仡伀伃伹佖侊侒侔侚俉俍俿倞倢偀偂偆偰傔僘兊兤冝冾刕劜劦劯勀勛匀卲厓厲叝咜咩哿喆坥垬埇埈墲夋奓奛奝奣妤妺孖寀"
        "寘尞岦岺崧嵂嵭嶸嶹巐弡弴彅彧忞恝悊惕惞惲愑愰愷憘戓抦揵摠撝擎昀昉昕昞昤昮昱晗晙晳暙暠暲暿曺曻朎杦枻柀桄桒棈棏楨榘槢樰橆橳"
        "橾櫤毖氿汜汯沆泚洄浯涇涖涬淏淼渧渹渼湜溿澈澵濵瀅瀇炅炫焄焏煆煇煜燁燾犱犾猤獷玽珉珒珖珣珵琇琦琩琪琮瑢璉璟甯畯皛皜皦睆砡硎"
        "硤硺禔禛竑竫箞絈絜綷繒纊罇羡茁荿菇菶葈蒴蓜蕓蕙蕫裵褜訒訷詹誧誾諟諶譓賰贒軏遧鄧釗釚釞釤釥釭釮鈆鈊鈐鈹鈺鈼鉀鉎鉑鉙鉧鉷鉸銈"
        "銧鋐鋓鋕鋗鋙鋠鋧鋹鋻鋿錂錝錞錡錥鍈鍗鍰鎤鏆鏞鏸鐱鑅鑈隝隯霳靃靏靕顗顥餧驎髜魵鮏鮱鮻鰀鵫鵰鸙"
    ),
}
